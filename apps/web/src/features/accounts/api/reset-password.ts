import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';

export type ResetPasswordBody = ArgsOf<'resetPassword'>['resetPasswordRequest'];

/** `POST /reset-password`: 204; the link is used up. */
export function useResetPasswordMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (resetPasswordRequest: ResetPasswordBody) => client.resetPassword({ resetPasswordRequest }),
  });
}
