import { ApiError } from '@wharf/client';
import { QueryClient } from '@tanstack/react-query';

/** A request that failed for a reason that may pass: no answer at all, or a 5xx. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers will not change by asking again; only transient failures are retried.
        retry: (failureCount, error) => failureCount < 2 && isTransient(error),
      },
    },
  });
}
