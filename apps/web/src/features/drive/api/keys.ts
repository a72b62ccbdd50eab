import type { DriveSort } from '@wharf/contract';

/**
 * Query keys of the drive's queries, per project; `driveKeys.all(project)` covers every one (to
 * refetch after an upload, a change or a delete).
 */
export const driveKeys = {
  all: (project: string) => ['drive', project] as const,
  /** Every list of the project's files, whatever its search and order. */
  lists: (project: string) => [...driveKeys.all(project), 'files'] as const,
  /** One search of the project's files, in one order, page by page. */
  list: (project: string, query: string, sortBy: DriveSort, pageSize: number) =>
    [...driveKeys.lists(project), { query, sortBy, pageSize }] as const,
  /** Where the project's drive stands: its usage against the quota. */
  status: (project: string) => [...driveKeys.all(project), 'status'] as const,
  /** A file's bytes (an image shown before the server has made its preview), by version. */
  original: (project: string, file: string, version: number) =>
    [...driveKeys.all(project), 'original', file, version] as const,
};
