import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useApiClient } from '../../../app/api-client';
import { pathOf } from '../../../app/navigation';
import { useSignedIn } from '../use-auth';

/** SPEC.md section 4: logout clears the user and goes to login; a failing logout call changes nothing. */
export function useLogout() {
  const client = useApiClient();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      try {
        await client.logout();
      } catch {
        // Ignored (SPEC.md): the user asked to leave, and leaves.
      }
    },
    onSettled: async () => {
      signedIn(null);
      await navigate({ to: pathOf('login') });
    },
  });
}
