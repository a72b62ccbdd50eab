import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { DrivePeriod } from './admin-drive-metrics';
import { driveKeys } from './keys';

/**
 * `GET /v1/drive/admin/projects/{project}/metrics`: one project's drive, one entry per day of the
 * period (quiet days included). While another period is on its way, the last one's days stay.
 */
export function useAdminDriveProjectMetrics(project: string, { start, end }: DrivePeriod) {
  const client = useApiClient();
  return useQuery({
    queryKey: driveKeys.adminMetrics(project, start, end),
    queryFn: ({ signal }) => client.getDriveProjectMetricsAdmin({ project, start, end }, { signal }),
    placeholderData: keepPreviousData,
  });
}
