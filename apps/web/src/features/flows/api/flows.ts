import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { usePagedStorefrontList } from '../../storefront/api/paged-list-query';
import { flowKeys } from './keys';

export type Flow = ResultOf<'getFlow'>;
export type FlowDraft = ResultOf<'getFlowDraft'>;
export type FlowVersion = ResultOf<'listFlowVersions'>['items'][number];

/** Flows per page of the list. */
export const FLOWS_PAGE_SIZE = 25;

/**
 * `GET /v1/flows` (flows.read): the flows, newest first, matching the search, page by page. While a
 * new search loads, the previous answer stays on screen.
 */
export function useFlowsQuery(project: string, search: string) {
  const client = useApiClient();
  return usePagedStorefrontList(flowKeys.list(project, { search }), (paging, signal) =>
    client.listFlows({ project, pageSize: FLOWS_PAGE_SIZE, ...paging, ...(search ? { search } : {}) }, { signal }),
  );
}

/** `GET /v1/flows/{flowId}` (flows.read): status, live version, runs and who stands at each step. */
export function useFlowQuery(project: string, flowId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: flowKeys.detail(project, flowId),
    queryFn: ({ signal }) => client.getFlow({ project, flowId }, { signal }),
  });
}

/** `GET /v1/flows/{flowId}/draft` (flows.read): the trigger and steps being edited. */
export function useFlowDraftQuery(project: string, flowId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: flowKeys.draft(project, flowId),
    queryFn: ({ signal }) => client.getFlowDraft({ project, flowId }, { signal }),
  });
}

/** `GET /v1/flows/{flowId}/versions` (flows.read): published versions, newest first. */
export function useFlowVersionsQuery(project: string, flowId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: flowKeys.versions(project, flowId),
    queryFn: ({ signal }) => client.listFlowVersions({ project, flowId }, { signal }),
    select: (answer) => answer.items,
  });
}
