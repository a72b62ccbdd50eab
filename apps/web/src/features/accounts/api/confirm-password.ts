import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

/** `POST /confirm-password`: 204 when the password is right; asked before sensitive changes. */
export function useConfirmPasswordMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (password: string) => client.confirmPassword({ confirmPasswordRequest: { password } }),
  });
}
