import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { nudge } from '../../toasts/toasts';
import { browserPush, pushResultToast, subscribeToPush, type PushResult } from './subscribe';

/**
 * The subscribe control's action: runs the flow of subscribe.ts against this browser and the user
 * API (`GET …/push/key`, `POST …/push/subscription`) and nudges the outcome (SPEC.md section 8).
 */
export function useSubscribeToPush() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (): Promise<PushResult> =>
      subscribeToPush(browserPush(), {
        getPublicKey: async () => (await client.getPushPublicKey()).publicKey,
        // The body is `{ subscription }`, and the client takes the body under its name, `subscription`.
        saveSubscription: (subscription) => client.savePushSubscription({ subscription: { subscription } }),
      }),
    onSuccess: (result) => {
      nudge(pushResultToast(result));
    },
  });
}
