import type { SubscriberStatus } from '@wharf/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { usePagedStorefrontList } from '../../storefront/api/paged-list-query';
import { marketingKeys } from './keys';

export type Subscriber = ResultOf<'getSubscriber'>;

/** Subscribers per page of the list. */
export const SUBSCRIBERS_PAGE_SIZE = 25;

export interface SubscriberFilters {
  /** '' for everyone. */
  search: string;
  status: SubscriberStatus | undefined;
  mailingListId: string | undefined;
}

/** `GET /v1/mail/subscribers` (mail.read): newest first, with how many match for the heading. */
export function useSubscribersQuery(project: string, filters: SubscriberFilters) {
  const client = useApiClient();
  // The generic keyset-paged infinite query; only filters that are set are sent.
  return usePagedStorefrontList(marketingKeys.subscriberList(project, filters), (paging, signal) =>
    client.listSubscribers(
      {
        project,
        pageSize: SUBSCRIBERS_PAGE_SIZE,
        ...paging,
        ...(filters.search ? { search: filters.search } : {}),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.mailingListId ? { mailingListId: filters.mailingListId } : {}),
      },
      { signal },
    ),
  );
}

/** `GET /v1/mail/subscribers/{subscriberId}` (mail.read). */
export function useSubscriberQuery(project: string, subscriberId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: marketingKeys.subscriber(project, subscriberId),
    queryFn: ({ signal }) => client.getSubscriber({ project, subscriberId }, { signal }),
  });
}
