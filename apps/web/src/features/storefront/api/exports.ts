import type { ReviewStatus } from '@wharf/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import type { CustomerFilters } from './customers';
import { storefrontKeys } from './keys';
import { usePlatformId } from './platform-id';

export type StorefrontExport = ResultOf<'getStorefrontExport'>;

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1000;

/** What an export is started with: the orders' range and search, or the customers' filters. */
export type ExportRequest =
  | { kind: 'orders'; start: string; end?: string | undefined; search?: string | undefined }
  | ({ kind: 'customers' } & CustomerFilters)
  | { kind: 'reviews'; start: string; end?: string | undefined; status?: ReviewStatus | undefined };

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

/** `POST …/orders/export`, `…/customers/export` or `…/reviews/export`: the export starts in the background. */
export function useStartExport(project: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useMutation({
    mutationFn: (request: ExportRequest) => {
      if (request.kind === 'orders') {
        const { kind: _, ...query } = request;
        return client.exportOrders({ platformId, project, ...defined(query) });
      }
      if (request.kind === 'reviews') {
        const { kind: _, ...query } = request;
        return client.exportReviews({ platformId, project, ...defined(query) });
      }
      const { kind: _, ...filters } = request;
      return client.exportCustomers({ platformId, project, ...defined(filters) });
    },
  });
}

export function isFinished(job: Pick<StorefrontExport, 'status'> | undefined): boolean {
  return job?.status === 'done' || job?.status === 'failed';
}

/** `GET …/exports/{exportId}`, asked every second until the export is done or failed. */
export function useExportProgress(project: string, started: StorefrontExport | undefined) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const exportId = started?.id ?? '';
  return useQuery({
    queryKey: storefrontKeys.export(project, exportId),
    queryFn: ({ signal }) => client.getStorefrontExport({ platformId, project, exportId }, { signal }),
    enabled: Boolean(started) && !isFinished(started),
    refetchInterval: (query) => (isFinished(query.state.data) ? false : EXPORT_POLL_MS),
    // No retries: a failing poll says so at once, and the next tick tries again.
    retry: false,
  });
}
