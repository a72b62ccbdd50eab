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
    attributes: z
      .array(z.object({ column: z.number().int().min(0), key: AttributeKey }))
      .max(50)
      .default([]),
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

/** The largest CSV file an import takes. */
export const IMPORT_FILE_MAX_BYTES = 200 * 1024 * 1024;
/** Problems kept on an import for its report; the counts hold them all. */
export const IMPORT_PROBLEMS_KEPT = 1000;

const importFigures = {
  id: z.uuid(),
  status: ImportStatus,
  fileName: z.string(),
  /** The file's size in bytes, and how far the job has read it. */
  size: z.number().int(),
  bytesRead: z.number().int(),
  /** Records read so far (bad ones included). */
  rows: z.number().int(),
  created: z.number().int(),
  /** Subscribers already there whose name, gender or attributes were updated (`updateExisting`). */
  updated: z.number().int(),
  /** Subscribers already there and left as they were (only their lists added). */
  unchanged: z.number().int(),
  /** Lines whose address appeared on an earlier line of the same file. */
  duplicates: z.number().int(),
  /** Invalid addresses and bad rows. */
  invalid: z.number().int(),
  /** Addresses on the suppression list (deleted before): skipped, never mailed again. */
  suppressed: z.number().int(),
  /** Why the import stopped, when it failed. */
  failure: z.string().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
};

/** An import as the list of recent ones shows it. */
export const SubscriberImportSummary = z.object(importFigures).meta({ id: 'SubscriberImportSummary' });
export type SubscriberImportSummary = z.infer<typeof SubscriberImportSummary>;

/** An import with what the mapping step and the report need. */
export const SubscriberImport = z
  .object({
    ...importFigures,
    /** The header row's names, by column. */
    columns: z.array(z.string()),
    /** The first rows after the header, as read. */
    sample: z.array(z.array(z.string())),
    /** While mapping: a suggestion read from the header's names; afterwards the mapping chosen. */
    mapping: ImportMapping,
    /** The mailing lists every imported subscriber is added to. */
    lists: z.array(z.uuid()),
    /** The first problems, by line number; `duplicates`, `invalid` and `suppressed` count them all. */
    problems: z.array(ImportProblem),
  })
  .meta({ id: 'SubscriberImport' });
export type SubscriberImport = z.infer<typeof SubscriberImport>;

export const SubscriberImportList = z
  .object({ items: z.array(SubscriberImportSummary) })
  .meta({ id: 'SubscriberImportList' });
export type SubscriberImportList = z.infer<typeof SubscriberImportList>;

/** Start an import in `mapping`: which columns hold what, and the lists to add everyone to. */
export const StartImportRequest = z
  .object({
    mapping: ImportMapping,
    lists: z.array(z.uuid()).max(50, 'Choose at most 50 lists.').default([]),
  })
  .meta({ id: 'StartImportRequest' });
export type StartImportRequest = z.infer<typeof StartImportRequest>;
