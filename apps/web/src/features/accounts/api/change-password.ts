import type { WharfClient } from '@wharf/client';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export type ChangePasswordBody = NonNullable<Parameters<WharfClient['changePassword']>[0]>['changePasswordRequest'];

/** `PATCH /change-password`: 204; every other session of the user ends. */
export function useChangePasswordMutation() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (changePasswordRequest: ChangePasswordBody) => client.changePassword({ changePasswordRequest }),
  });
}
