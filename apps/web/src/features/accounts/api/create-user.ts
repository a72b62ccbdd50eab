import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { useSignedIn } from '../use-auth';
import type { ArgsOf } from '../../../app/api-types';

export type CreateUserBody = ArgsOf<'createUser'>['createUserRequest'];

/** `POST /create`: 201 with the new user, who is signed in; 409 EMAIL_TAKEN. */
export function useCreateUserMutation() {
  const client = useApiClient();
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (createUserRequest: CreateUserBody) => client.createUser({ createUserRequest }),
    onSuccess: signedIn,
  });
}
