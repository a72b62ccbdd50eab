import type { Terms } from '@wharf/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { termsKeys } from './keys';

/** `GET /v1/platform/{platformId}/terms` (platform admins): every saved version, newest first. */
export function useTermsVersionsQuery(platformId: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: termsKeys.versions(platformId),
    queryFn: ({ signal }): Promise<Terms[]> => client.listTerms({ platformId }, { signal }),
    enabled,
  });
}
