import { useMutation, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';

/** What a subscriber's own link answers: their status now and who the mail came from. */
export type SubscriptionLinkResult = ResultOf<'confirmSubscription'>;

export const subscriptionKeys = {
  confirm: (token: string) => ['mail-subscription', 'confirm', token] as const,
  unsubscribeLink: (token: string) => ['mail-subscription', 'unsubscribe', token] as const,
};

/**
 * `GET /v1/mail/subscriptions/unsubscribe?token`: who the link's mail came from and whether the
 * person is still subscribed, changing nothing, so the page can name the sender before they choose.
 */
export function useUnsubscribeLinkQuery(token: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.unsubscribeLink(token),
    queryFn: () => client.readUnsubscribeLink({ token }),
    staleTime: Infinity,
    retry: false,
  });
}

/**
 * `POST /v1/mail/subscriptions/confirm`, once per link. A query rather than a mutation on purpose
 * (like verify-email): the page confirms on arrival, and a query runs once however often React
 * mounts the page (StrictMode mounts it twice). Following the link again changes nothing anyway.
 */
export function useConfirmSubscriptionQuery(token: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: subscriptionKeys.confirm(token ?? ''),
    queryFn: () => client.confirmSubscription({ confirmSubscriptionRequest: { token: token ?? '' } }),
    enabled: token !== undefined,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
}

/**
 * `POST /v1/mail/subscriptions/unsubscribe?token`: only when the person presses the button. Mail
 * scanners open every link of a mail, so arriving on the page must change nothing.
 */
export function useUnsubscribe(token: string) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.unsubscribe({ token }) });
}
