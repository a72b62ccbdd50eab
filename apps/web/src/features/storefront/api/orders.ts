import type { DateFilterType } from '@wharf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { searchAndDates, usePagedStorefrontList } from './paged-list-query';
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
  return usePagedStorefrontList(storefrontKeys.orderList(project, filters), (paging, signal) =>
    client.listOrders(
      {
        platformId,
        project,
        pageSize: ORDERS_PAGE_SIZE,
        dateFilterType: filters.dateFilterType,
        ...paging,
        ...searchAndDates(filters),
      },
      { signal },
    ),
  );
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

/**
 * `POST …/orders/{orderId}/refund` (orders.manage): gives the whole order back. The server refunds a
 * card at most once however often this is sent, so no idempotency key is needed here.
 */
export function useRefundOrder(project: string, orderId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      client.refundOrder({ platformId, project, orderId, refundOrderRequest: { reason: reason.trim() || null } }),
    onSuccess: (order) => {
      queryClient.setQueryData(storefrontKeys.order(project, orderId), order);
      void queryClient.invalidateQueries({ queryKey: [...storefrontKeys.orders(project), 'list'] });
      void queryClient.invalidateQueries({ queryKey: storefrontKeys.customers(project) });
    },
  });
}
