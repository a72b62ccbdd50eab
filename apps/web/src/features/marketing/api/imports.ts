import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { marketingKeys } from './keys';

export type SubscriberImport = ResultOf<'getSubscriberImport'>;

/** How often a running import's progress is asked for. */
export const IMPORT_POLL_MS = 1_000;

/** An import that has not ended yet: its figures still move. */
export const isUnderway = (status: SubscriberImport['status']) => status === 'queued' || status === 'running';

/**
 * `GET /v1/mail/subscribers/imports/{importId}` (mail.read): the mapping step's columns and sample,
 * then the progress (asked again every second while it runs), then the report.
 */
export function useImportQuery(project: string, importId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: marketingKeys.import(project, importId),
    queryFn: ({ signal }) => client.getSubscriberImport({ project, importId }, { signal }),
    refetchInterval: (query) => (query.state.data && isUnderway(query.state.data.status) ? IMPORT_POLL_MS : false),
  });
}
