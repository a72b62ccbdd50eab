import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

export const acceptInviteKeys = {
  all: ['accept-invite'] as const,
  detail: (token: string) => [...acceptInviteKeys.all, token] as const,
};

/**
 * `GET /accept-invite/{token}` (session): join the invitation's project with its role. 404
 * INVITE_INVALID when it expired or was used, 403 INVITE_EMAIL_MISMATCH when it was sent to another
 * address, 401 when signed out. A mutation: it has an effect, and the page calls it once on arrival.
 */
export function useAcceptInviteMutation(token: string) {
  const client = useApiClient();
  return useMutation({
    mutationKey: acceptInviteKeys.detail(token),
    mutationFn: () => client.acceptInvite({ token }),
  });
}
