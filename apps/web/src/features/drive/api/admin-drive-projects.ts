import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { driveKeys } from './keys';

/** Drives per page (the server's default; it allows up to 100). */
export const ADMIN_DRIVES_PAGE_SIZE = 20;

export function adminDriveProjectsQueryOptions(client: WharfClient, pageSize = ADMIN_DRIVES_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: driveKeys.adminList(pageSize),
    queryFn: ({ pageParam, signal }) =>
      client.listDriveProjectsAdmin({ pageSize, ...(pageParam ? { pageToken: pageParam } : {}) }, { signal }),
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/**
 * `GET /v1/drive/admin/projects` (platform administrators; 403 for others): every project's drive
 * that has been set up or holds files, largest first, page by page. `enabled` is false for anyone
 * else, who is told so without asking the server.
 */
export function useAdminDriveProjects(enabled: boolean) {
  return useInfiniteQuery({ ...adminDriveProjectsQueryOptions(useApiClient()), enabled });
}
