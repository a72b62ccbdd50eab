import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@wharf/contract';
import { useApiClient } from '../../../app/api-client';
import { sessionKeys } from './session';

/** `POST /2fa/setup`: turns two-factor on with a valid code; answers ten recovery codes, shown once. */
export function useSetupTwoFactorMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { secret: string; one_time_password: string }) =>
      client.setupTwoFactor({ twoFactorSetupRequest: body }),
    onSuccess: () => {
      queryClient.setQueryData<User | null>(sessionKeys.user(), (user) => user && { ...user, twoFactorEnabled: true });
    },
  });
}
