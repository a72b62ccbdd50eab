import { z } from 'zod';

/*
 * A project's custom domains and the platform's own settings (SPEC.md section 7 "Platform", issue 22,
 * decision 036). A custom domain proves itself with a DNS TXT record; a background job checks it with
 * back-off until it is verified or has failed.
 */

export const DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export const DomainStatus = z.enum(DOMAIN_STATUSES);
export type DomainStatus = z.infer<typeof DomainStatus>;

/** What a person types; the server lower-cases it, drops a trailing dot and spells an IDN in punycode. */
const DomainInput = z.string().trim().min(1, 'Enter a domain name, such as shop.example.com.').max(300);

/** The DNS record the project creates at its DNS provider to prove it holds the domain. */
export const DomainRecord = z
  .object({
    type: z.literal('TXT'),
    /** `_wharf.<domain>` */
    name: z.string(),
    /** `wharf-verification=<token>` */
    value: z.string(),
  })
  .meta({ id: 'DomainRecord' });
export type DomainRecord = z.infer<typeof DomainRecord>;

export const ProjectDomain = z
  .object({
    /** Lower-case ASCII (an IDN in punycode), no trailing dot. */
    domain: z.string(),
    status: DomainStatus,
    /** Why the last check did not verify it (or a verified domain's daily recheck failed), in words; else null. */
    failure: z.string().nullable(),
    record: DomainRecord,
    lastCheckedAt: z.iso.datetime().nullable(),
    /** When the background job looks again: a pending domain's next check, a verified one's daily recheck. */
    nextCheckAt: z.iso.datetime().nullable(),
    verifiedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'ProjectDomain' });
export type ProjectDomain = z.infer<typeof ProjectDomain>;

/** SPEC.md section 3: "Website: customDomainName, domainName." */
export const Website = z
  .object({
    /** The project's first verified custom domain, or null. */
    customDomainName: z.string().nullable(),
    /** The address the platform gives the project on its canonical domain, or null when it has none. */
    domainName: z.string().nullable(),
  })
  .meta({ id: 'Website' });
export type Website = z.infer<typeof Website>;

export const ProjectDomainList = z
  .object({ data: z.array(ProjectDomain), website: Website })
  .meta({ id: 'ProjectDomainList' });
export type ProjectDomainList = z.infer<typeof ProjectDomainList>;

/** SPEC.md section 7: `createDomainRequest`. */
export const CreateDomainRequest = z.object({ domain: DomainInput }).meta({ id: 'CreateDomainRequest' });
export type CreateDomainRequest = z.infer<typeof CreateDomainRequest>;

/** A platform domain to add (platform administrators). */
export const AddPlatformDomainRequest = z.object({ domain: DomainInput }).meta({ id: 'AddPlatformDomainRequest' });
export type AddPlatformDomainRequest = z.infer<typeof AddPlatformDomainRequest>;

export const PlatformDomainList = z
  .object({
    /** In order: the first is the platform's canonical domain. */
    data: z.array(z.string()),
  })
  .meta({ id: 'PlatformDomainList' });
export type PlatformDomainList = z.infer<typeof PlatformDomainList>;

export const PLATFORM_NAME_MAX = 100;
export const PLATFORM_LOGOS_MAX = 8;
export const PLATFORM_DOMAINS_MAX = 50;

/** A logo picked from the project's drive: a public image, shown for one device and theme. */
export const PlatformLogoChoice = z
  .object({
    fileId: z.uuid(),
    device: z.enum(['desktop', 'mobile']),
    theme: z.enum(['light', 'dark']),
  })
  .meta({ id: 'PlatformLogoChoice' });
export type PlatformLogoChoice = z.infer<typeof PlatformLogoChoice>;

/** SPEC.md section 7: `updatePlatformRequest`. Fields left out stay as they are. */
export const UpdatePlatformRequest = z
  .object({
    name: z.string().trim().min(1, 'Give the platform a name.').max(PLATFORM_NAME_MAX).optional(),
    public: z.boolean().optional(),
    /** A public image of the project's drive; null goes back to no favicon. */
    favicon: z.uuid().nullable().optional(),
    /** Replaces every logo; one per device and theme. */
    logos: z
      .array(PlatformLogoChoice)
      .max(PLATFORM_LOGOS_MAX)
      .refine((logos) => new Set(logos.map((l) => `${l.device}:${l.theme}`)).size === logos.length, {
        message: 'Give at most one logo for each device and theme.',
      })
      .optional(),
    /** The platform's domains in a new order (the first is canonical): the same set, reordered. */
    domains: z.array(z.string().max(300)).max(PLATFORM_DOMAINS_MAX).optional(),
  })
  .meta({ id: 'UpdatePlatformRequest' });
export type UpdatePlatformRequest = z.infer<typeof UpdatePlatformRequest>;
