import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { driveKeys } from './keys';

/** A run of whole UTC days, both ends included (`YYYY-MM-DD`); at most 366 days. */
export interface DrivePeriod {
  start: string;
  end: string;
}

/**
 * `GET /v1/drive/admin/metrics`: every drive together, one entry per day of the period (quiet days
 * included). While another period is on its way, the last one's days stay (`isPlaceholderData`).
 */
export function useAdminDriveMetrics({ start, end }: DrivePeriod, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: driveKeys.adminMetrics(null, start, end),
    queryFn: ({ signal }) => client.getDriveMetricsAdmin({ start, end }, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
