import type { WharfClient } from '@wharf/client';
import type { Terms } from '@wharf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { termsKeys } from './keys';

export function activeTermsQueryOptions(client: WharfClient, platformId: string, project: string | undefined) {
  return queryOptions({
    queryKey: termsKeys.active(platformId, project),
    queryFn: async ({ signal }): Promise<Terms | null> => {
      const answer = await client.getActiveTerms({ id: platformId, ...(project ? { project } : {}) }, { signal });
      return answer?.terms ?? null;
    },
    // A new version reaches open consoles on the next focus after this.
    staleTime: 5 * 60_000,
  });
}

/**
 * `GET /omnis/v3/platform/{id}/activeTerms` (public): the platform's latest terms, or null while it
 * has none. `project` is the active project, which the server checks is on the platform.
 */
export function useActiveTermsQuery(platformId: string, project: string | undefined, enabled = true) {
  return useQuery({ ...activeTermsQueryOptions(useApiClient(), platformId, project), enabled });
}
