import type { ResultOf } from '../../../app/api-types';
import { useApiClient } from '../../../app/api-client';
import { usePagedStorefrontList } from '../../storefront/api/paged-list-query';
import { marketingKeys } from './keys';

export type SubscriberEvent = ResultOf<'listSubscriberEvents'>['items'][number];

/** Lines of activity per page. */
export const SUBSCRIBER_EVENTS_PAGE_SIZE = 20;

/** `GET /v1/mail/subscribers/{subscriberId}/events` (mail.read): their activity, newest first. */
export function useSubscriberEventsQuery(project: string, subscriberId: string) {
  const client = useApiClient();
  return usePagedStorefrontList(marketingKeys.subscriberEvents(project, subscriberId), (paging, signal) =>
    client.listSubscriberEvents(
      { project, subscriberId, pageSize: SUBSCRIBER_EVENTS_PAGE_SIZE, ...paging },
      { signal },
    ),
  );
}
