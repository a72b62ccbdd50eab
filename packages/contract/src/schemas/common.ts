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

/**
 * Text hygiene (docs/decisions/023). The server refuses, in every string of every request body,
 * query and path, a NUL, a lone surrogate (not Unicode, so not UTF-8 either) and the other C0
 * control characters and DEL. Strings marked here hold several lines, so they may also carry tab,
 * CR and LF; everything else is one line. A mark covers everything beneath it (a record's values,
 * an object of free-form settings).
 */
export const multilineText = z.registry<{ multiline: true }>();

/** Mark a request string (or a free-form value) as multi-line text: tab, CR and LF are allowed in it. */
export function multiline<T extends z.ZodType>(schema: T): T {
  multilineText.add(schema, { multiline: true });
  return schema;
}

// The control characters are what these patterns are for.
// eslint-disable-next-line no-control-regex
const C0_ANY = /[\x00-\x1f\x7f]/;
// eslint-disable-next-line no-control-regex
const C0_BUT_LINES = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Why a request string is refused, or undefined when it is clean. */
export function textProblem(value: string, multi: boolean): string | undefined {
  if (value.includes('\0')) return 'must not contain a NUL character';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it has a lone surrogate)';
  if (multi ? C0_BUT_LINES.test(value) : C0_ANY.test(value)) {
    return multi
      ? 'must not contain control characters other than tab and line breaks'
      : 'must be one line of text without control characters';
  }
  return undefined;
}
