import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';

/** `POST /send-verification-email`: mails a link that verifies the address. */
export function useSendVerificationEmailMutation() {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.sendVerificationEmail() });
}
