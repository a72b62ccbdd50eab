import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const twoFactorKeys = {
  all: ['two-factor'] as const,
  secret: (attempt: number) => [...twoFactorKeys.all, 'secret', attempt] as const,
};

/**
 * `GET /2fa/secret`: a new secret each call. Kept while the page shows it (never refetched on
 * focus, which would change the QR code under the user) and dropped when the page goes.
 */
export function useTwoFactorSecretQuery(enabled: boolean, attempt = 0) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: twoFactorKeys.secret(attempt),
      queryFn: ({ signal }) => client.getTwoFactorSecret({}, { signal }),
      enabled,
      staleTime: Infinity,
      gcTime: 0,
      retry: false,
      refetchOnWindowFocus: false,
    }),
  );
}
