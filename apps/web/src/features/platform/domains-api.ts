import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-client';
import type { ResultOf } from '../../app/api-types';

export type ProjectDomainList = ResultOf<'listProjectDomains'>;
export type ProjectDomain = ProjectDomainList['data'][number];
export type PlatformSettings = ResultOf<'getPlatformSettings'>;

/** Query keys of a project's domains and its platform's settings. */
export const domainKeys = {
  list: (project: string) => ['domains', project] as const,
  platform: (project: string) => ['platform-settings', project] as const,
  platformDomains: (project: string) => ['platform-settings', project, 'domains'] as const,
};

/** `GET /v1/platform/client/domains`: the custom domains and the project's Website addresses. */
export function useProjectDomains(project: string | undefined, options: { enabled?: boolean } = {}) {
  const client = useApiClient();
  return useQuery({
    queryKey: domainKeys.list(project ?? ''),
    queryFn: ({ signal }) => client.listProjectDomains({ project: project! }, { signal }),
    enabled: Boolean(project) && (options.enabled ?? true),
  });
}

/** Add, remove and check a custom domain; each refreshes the list (and the header's website link). */
export function useDomainMutations(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: domainKeys.list(project) });
  return {
    create: useMutation({
      mutationFn: (domain: string) => client.createProjectDomain({ project, createDomainRequest: { domain } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (domain: string) => client.deleteProjectDomain({ project, domain }),
      onSuccess: refresh,
    }),
    check: useMutation({
      mutationFn: (domain: string) => client.checkProjectDomain({ project, domain }),
      onSuccess: refresh,
    }),
  };
}

/** The address the header's website link opens: the verified custom domain, else the platform's. */
export function websiteUrl(list: ProjectDomainList | undefined): string | undefined {
  const host = list?.website.customDomainName ?? list?.website.domainName;
  return host ? `https://${host}` : undefined;
}
