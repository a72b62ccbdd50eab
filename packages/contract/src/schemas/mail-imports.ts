import { z } from 'zod';
import { AttributeKey } from './mail-subscribers.js';

/*
 * Subscriber imports from CSV (SPEC.md section 7 "Mail": POST /v1/mail/subscribers/import, multipart
 * field `file`; issue 23, decision 038). The file is stored, its columns mapped by a person, then a
 * background job streams it through csv-parse and reports what it did, line by line.
 */

/** mapping: waiting for its columns to be mapped; queued and running: the job; done, failed, cancelled. */
export const IMPORT_STATUSES = ['mapping', 'queued', 'running', 'done', 'failed', 'cancelled'] as const;
export const ImportStatus = z.enum(IMPORT_STATUSES);
export type ImportStatus = z.infer<typeof ImportStatus>;

/** Which column (0-based) holds what; `null` for none. */
export const ImportMapping = z
  .object({
    email: z.number().int().min(0),
    name: z.number().int().min(0).nullable().default(null),
    gender: z.number().int().min(0).nullable().default(null),
    /** Further columns kept as attributes under the key given. */
    attributes: z.array(z.object({ column: z.number().int().min(0), key: AttributeKey })).max(50).default([]),
    /** Update the name, gender and attributes of subscribers who are already there; otherwise leave them. */
    updateExisting: z.boolean().default(false),
  })
  .meta({ id: 'ImportMapping' });
export type ImportMapping = z.infer<typeof ImportMapping>;

export const IMPORT_PROBLEM_KINDS = ['duplicate', 'invalid_email', 'bad_row', 'suppressed'] as const;

/** One problem of an import, by the file's line number (the header is line 1). */
export const ImportProblem = z
  .object({
    line: z.number().int(),
    kind: z.enum(IMPORT_PROBLEM_KINDS),
    /** What the line held (the address, or the start of a bad row) and why it was refused, in words. */
    value: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ImportProblem' });
export type ImportProblem = z.infer<typeof ImportProblem>;
