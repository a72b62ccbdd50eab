import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const exchangeCodeKeys = {
  all: ['exchange-code'] as const,
  detail: (code: string) => [...exchangeCodeKeys.all, code] as const,
};

/**
 * `POST /v1/auth/token` with a one-time authorization code; the server also starts a session for
 * this browser. A query so the single-use code is spent once however often the page mounts.
 */
export function useExchangeCodeQuery(code: string) {
  const client = useApiClient();
  return useQuery(
    queryOptions({
      queryKey: exchangeCodeKeys.detail(code),
      queryFn: () => client.exchangeToken({ tokenRequest: { type: 'authorization_code', code } }),
      staleTime: Infinity,
      gcTime: Infinity,
      retry: false,
    }),
  );
}
