import { z } from 'zod';

export const PlatformLogo = z
  .object({
    url: z.string(),
    meta: z.object({
      device: z.enum(['mobile', 'desktop']),
      theme: z.enum(['light', 'dark']),
    }),
  })
  .meta({ id: 'PlatformLogo' });
export type PlatformLogo = z.infer<typeof PlatformLogo>;

/** SPEC.md section 3: Platform: id, name, domains list, public flag, favicon, logos. */
export const Platform = z
  .object({
    id: z.uuid(),
    name: z.string(),
    domains: z.array(z.string()),
    public: z.boolean(),
    favicon: z.string().nullable(),
    logos: z.array(PlatformLogo),
  })
  .meta({ id: 'Platform' });
export type Platform = z.infer<typeof Platform>;
