import type { DateFilterType } from '@wharf/contract';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { usePlatformId } from './platform-id';

export type OrderSummary = ResultOf<'listOrders'>['items'][number];
export type Order = ResultOf<'getOrder'>;

/** Orders per page of the list. */
export const ORDERS_PAGE_SIZE = 25;

export interface OrderFilters {
  search: string;
  /** ISO instants, or undefined for an open end. */
  start: string | undefined;
  end: string | undefined;
  dateFilterType: DateFilterType;
}

/** `GET /v1/platform/{platformId}/orders` (orders.read): newest first, keyset-paged. */
export function useOrdersQuery(project: string, filters: OrderFilters) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: storefrontKeys.orderList(project, filters),
      queryFn: ({ pageParam, signal }) =>
        client.listOrders(
          {
            platformId,
            project,
            pageSize: ORDERS_PAGE_SIZE,
            dateFilterType: filters.dateFilterType,
            ...(pageParam ? { pageToken: pageParam } : {}),
            ...(filters.search ? { search: filters.search } : {}),
            ...(filters.start ? { start: filters.start } : {}),
            ...(filters.end ? { end: filters.end } : {}),
          },
          { signal },
        ),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last) => last.nextPageToken ?? undefined,
    }),
    placeholderData: keepPreviousData,
  });
}

/** `GET …/orders/{orderId}`: items, totals, customer, addresses, payments, fulfilments and the timeline. */
export function useOrderQuery(project: string, orderId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: storefrontKeys.order(project, orderId),
    queryFn: ({ signal }) => client.getOrder({ platformId, project, orderId }, { signal }),
  });
}

/**
 * `POST …/orders/{orderId}/retryPlatformPayment` (orders.manage), with an Idempotency-Key so that a
 * repeat after a lost answer gets the first result rather than a second charge. The answer is the
 * order, which replaces the cached one.
 */
export function useRetryPayment(project: string, orderId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      client.retryPlatformPayment({ platformId, project, orderId }, { headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: (order) => {
      queryClient.setQueryData(storefrontKeys.order(project, orderId), order);
      void queryClient.invalidateQueries({ queryKey: [...storefrontKeys.orders(project), 'list'] });
      void queryClient.invalidateQueries({ queryKey: storefrontKeys.customers(project) });
    },
  });
}
