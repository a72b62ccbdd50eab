import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { useSignedIn } from '../use-auth';
import type { ArgsOf } from '../../../app/api-types';

export type SetPasswordBody = ArgsOf<'setPassword'>['setPasswordRequest'];

/** `POST /set-password`: the first password and profile; 200 with the user, who is signed in. */
export function useSetPasswordMutation() {
  const client = useApiClient();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (setPasswordRequest: SetPasswordBody) => client.setPassword({ setPasswordRequest }),
    onSuccess: signedIn,
  });
}
