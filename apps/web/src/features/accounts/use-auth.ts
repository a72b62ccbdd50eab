import type { User } from '@wharf/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useCallback } from 'react';
import { setSessionUser } from './api/session';
import type { TokenStore } from './token-store';

/** The token store of this console (from the router context). */
export function useTokens(): TokenStore {
  return useRouteContext({ from: '__root__', select: (context) => context.tokens });
}

/**
 * Records a new session (login, register, set-password, a sign-in link): the user, and no token
 * of anyone before them.
 */
export function useSignedIn(): (user: User | null) => void {
  const queryClient = useQueryClient();
  const tokens = useTokens();
  return useCallback(
    (user) => {
      tokens.clear();
      setSessionUser(queryClient, user);
    },
    [queryClient, tokens],
  );
}
