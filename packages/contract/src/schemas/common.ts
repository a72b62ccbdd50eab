import { z } from 'zod';

/** The shape every error leaves the server in (SPEC.md section 3: "Server error shape: code, message"). */
export const ApiErrorBody = z
  .object({
    code: z.string(),
    message: z.string(),
    errors: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('Field-level problems, for validation errors'),
  })
  .meta({ id: 'ApiError' });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;

export const Id = z.uuid();

export const HealthStatus = z
  .object({
    status: z.enum(['ok', 'error']),
    service: z.string(),
    checks: z.object({ database: z.enum(['ok', 'error']) }),
  })
  .meta({ id: 'HealthStatus' });
export type HealthStatus = z.infer<typeof HealthStatus>;
