import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';

export type ForgotPasswordBody = ArgsOf<'forgotPassword'>['forgotPasswordRequest'];

/** `POST /forgot-password`: 204 whether or not the address has an account. */
export function useForgotPasswordMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (forgotPasswordRequest: ForgotPasswordBody) => client.forgotPassword({ forgotPasswordRequest }),
  });
}
