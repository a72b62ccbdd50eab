import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useApiClient } from '../../../app/api-client';
import { pathOf } from '../../../app/navigation';
import { useSignedIn } from '../use-auth';

export interface LogoutOptions {
  /** Where the login page sends the next user (a same-origin path, e.g. back to an invitation). */
  redirect?: string;
}

/** SPEC.md section 4: "Logout clears the user and goes to /login/" — with its trailing slash. */
export const LOGGED_OUT_PATH = `${pathOf('login')}/`;

/**
 * SPEC.md section 4: logout clears the user and goes to /login/; a failing logout call changes nothing.
 * `mutate({ redirect })` has the login page send whoever signs in next to that path.
 */
export function useLogout() {
  const client = useApiClient();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (_options: LogoutOptions | void) => {
      try {
        await client.logout();
      } catch {
        // Ignored (SPEC.md): the user asked to leave, and leaves.
      }
    },
    onSettled: async (_data, _error, options) => {
      signedIn(null);
      const redirect = options ? options.redirect : undefined;
      await navigate({ to: LOGGED_OUT_PATH, ...(redirect ? { search: { redirect } } : {}) });
    },
  });
}
