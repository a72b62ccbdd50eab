import type { WharfClient } from '@wharf/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { setSessionUser } from './session';

export type UpdateUserBody = NonNullable<Parameters<WharfClient['updateUser']>[0]>['updateUserRequest'];

/** `PATCH /update`: the profile; 200 with the user as saved, 409 when the email or username is taken. */
export function useUpdateUserMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateUserRequest: UpdateUserBody) => client.updateUser({ updateUserRequest }),
    onSuccess: (user) => setSessionUser(queryClient, user),
  });
}
