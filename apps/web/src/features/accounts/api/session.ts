import { ApiError, type WharfClient } from '@wharf/client';
import type { User } from '@wharf/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

/** SPEC.md section 4: a 401, 404 or no answer at all (status 0) means nobody is signed in. */
function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 404 || error.status === 0);
}

/** The signed-in user, or null for a visitor. Fetched once at start; sign-in and sign-out write it. */
export function sessionQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: async ({ signal }): Promise<User | null> => {
      try {
        return await client.getUser({}, { signal });
      } catch (error) {
        if (isSignedOut(error)) return null;
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions(useApiClient()));
}

/** The user on screen; only for pages behind the user guard (null while signing out). */
export function useUser(): User | null {
  return useSession().data ?? null;
}

/**
 * Records who is signed in now. Everything cached for the previous user goes (the platform,
 * health and the session itself stay).
 */
export function setSessionUser(queryClient: QueryClient, user: User | null): void {
  const previous = queryClient.getQueryData<User | null>(sessionKeys.user());
  if (previous?.id !== user?.id) {
    queryClient.removeQueries({
      predicate: (query) => !['session', 'platform', 'health'].includes(String(query.queryKey[0])),
    });
  }
  queryClient.setQueryData(sessionKeys.user(), user);
}

export function displayName(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): string {
  const full = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return full || user.username || user.email;
}

/**
 * Whether a person's email says more than their name: false when they have no name (the name is
 * the email) or their name is their email, so the address is never shown twice.
 */
export function emailAddsToName(user: Pick<User, 'firstName' | 'lastName' | 'username' | 'email'>): boolean {
  return displayName(user).trim().toLowerCase() !== user.email.trim().toLowerCase();
}
