import type { DriveSort } from '@wharf/contract';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { driveKeys } from './keys';

/** A page of files: enough to fill a wide grid a few rows deep. */
export const DRIVE_PAGE_SIZE = 40;

export function driveFilesQueryOptions(
  client: WharfClient,
  project: string,
  query: string,
  sortBy: DriveSort,
  pageSize = DRIVE_PAGE_SIZE,
) {
  return infiniteQueryOptions({
    queryKey: driveKeys.list(project, query, sortBy, pageSize),
    queryFn: ({ pageParam, signal }) =>
      client.listFileMetadata(
        {
          project,
          sortBy,
          pageSize,
          ...(query ? { query } : {}),
          ...(pageParam ? { pageToken: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    // Keyset paging: the server's opaque token, null on the last page.
    getNextPageParam: (last) => last.nextPageToken ?? undefined,
  });
}

/**
 * `GET /v1/drive/metadata`: the project's files matching `query` (the drive's search syntax:
 * words, `type:image`, `tag:x`, `name:x`, `folder:a/b`, `public:true`), in `sortBy` order, page by
 * page. A search the server cannot read is refused with 400 INVALID_SEARCH and its reason. While a
 * new search is on its way the previous answer stays (`isPlaceholderData`).
 */
export function useDriveFiles(
  project: string,
  query: string,
  sortBy: DriveSort,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({
    ...driveFilesQueryOptions(useApiClient(), project, query, sortBy, options.pageSize),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}
