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
  /** Platform administrators' lists of every project's drive, whatever their page size. */
  adminLists: () => ['drive-admin', 'projects'] as const,
  adminList: (pageSize: number) => [...driveKeys.adminLists(), { pageSize }] as const,
  /** One project's drive setup and usage, as platform administrators see it. */
  adminProject: (project: string) => ['drive-admin', 'project', project] as const,
  /** Day-by-day counters of one project's drive, or of every drive together (`project` null). */
  adminMetrics: (project: string | null, start: string, end: string) =>
    ['drive-admin', 'metrics', project ?? 'all', { start, end }] as const,
};
