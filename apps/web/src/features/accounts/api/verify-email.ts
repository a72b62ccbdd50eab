import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { sessionKeys } from './session';

export const verifyEmailKeys = {
  all: ['verify-email'] as const,
  detail: (token: string) => [...verifyEmailKeys.all, token] as const,
};

/**
 * `POST /verify-email/{token}`, once per link. A query rather than a mutation on purpose: the page
 * calls it on arrival, and a query is made once however often React mounts the page.
 */
export function useVerifyEmailQuery(token: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useQuery(
    queryOptions({
      queryKey: verifyEmailKeys.detail(token ?? ''),
      queryFn: async () => {
        await client.verifyEmail({ token: token ?? '' });
        // A signed-in user's badge turns to "Verified".
        void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
        return true as const;
      },
      enabled: token !== undefined,
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
  );
}
