import { useQuery } from '@tanstack/react-query';
import type { DriveProjectAdmin } from '@wharf/contract';
import { useApiClient } from '../../../app/api-client';
import { driveKeys } from './keys';

/**
 * `GET /v1/drive/admin/projects/{project}`: a project's drive setup and usage (the defaults until it
 * is set up). Opened from a row of the list, it starts from that row, as fresh as the list was.
 */
export function useAdminDriveProject(project: string, from?: { drive: DriveProjectAdmin; updatedAt: number }) {
  const client = useApiClient();
  return useQuery({
    queryKey: driveKeys.adminProject(project),
    queryFn: ({ signal }) => client.getDriveProjectAdmin({ project }, { signal }),
    ...(from ? { initialData: from.drive, initialDataUpdatedAt: from.updatedAt } : {}),
    // The row just read is good enough to start from; the setup changes only through this page.
    staleTime: 30_000,
  });
}
