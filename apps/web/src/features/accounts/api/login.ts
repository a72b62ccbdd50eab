import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { useSignedIn } from '../use-auth';
import type { ArgsOf } from '../../../app/api-types';

export type LoginBody = ArgsOf<'login'>['loginRequest'];

/** `POST /login`: 401 TWO_FACTOR_REQUIRED asks for the code, 400 CAPTCHA_REQUIRED for a captcha. */
export function useLoginMutation() {
  const client = useApiClient();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (loginRequest: LoginBody) => client.login({ loginRequest }),
    onSuccess: signedIn,
  });
}
