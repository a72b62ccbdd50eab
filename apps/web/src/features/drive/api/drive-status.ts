import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { driveKeys } from './keys';

export function driveStatusQueryOptions(client: WharfClient, project: string) {
  return queryOptions({
    queryKey: driveKeys.status(project),
    queryFn: ({ signal }) => client.getDriveSyncStatus({ project }, { signal }),
  });
}

/**
 * `GET /v1/drive/sync/status`: where the project's drive stands; its `usage` (bytes used, the quota,
 * how many files) is what the usage bar shows. Refetched after every upload and delete.
 */
export function useDriveStatus(project: string) {
  return useQuery(driveStatusQueryOptions(useApiClient(), project));
}
