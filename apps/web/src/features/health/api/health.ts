import type { WharfClient } from '@wharf/client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const healthKeys = {
  all: ['health'] as const,
};

export function healthQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: healthKeys.all,
    queryFn: ({ signal }) => client.healthz({}, { signal }),
    // A status line should be current, but is not worth a retry storm when the API is down.
    staleTime: 0,
    retry: false,
    refetchInterval: 60_000,
  });
}

export function useHealthQuery() {
  return useQuery(healthQueryOptions(useApiClient()));
}
