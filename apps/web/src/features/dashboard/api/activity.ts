import type { WharfClient } from '@wharf/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';

export type AuditEntry = ResultOf<'listProjectAudit'>['items'][number];

/** How much recent activity the dashboard shows. */
export const RECENT_ACTIVITY = 8;

export const activityKeys = {
  recent: (project: string) => ['activity', project, 'recent'] as const,
};

export function recentActivityQueryOptions(client: WharfClient, project: string) {
  return queryOptions({
    queryKey: activityKeys.recent(project),
    queryFn: ({ signal }) => client.listProjectAudit({ project, pageSize: RECENT_ACTIVITY }, { signal }),
  });
}

/** `GET /v1/projects/{project}/audit` (audit.read): the newest changes made in the project. */
export function useRecentActivity(project: string, enabled: boolean) {
  return useQuery({ ...recentActivityQueryOptions(useApiClient(), project), enabled });
}
