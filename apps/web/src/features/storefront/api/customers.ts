import type { CUSTOMER_SORTS } from '@wharf/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { usePagedStorefrontList } from './paged-list-query';
import { usePlatformId } from './platform-id';

export type Customer = ResultOf<'listCustomers'>['items'][number];
export type CustomerDetail = ResultOf<'getCustomer'>;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** Customers per page of the list. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** What the customers' filter bar asks, as the API takes it (`gte:3`, `2..5`, minor units, ISO instants). */
export interface CustomerFilters {
  search?: string | undefined;
  totalOrderCount?: string | undefined;
  lifetimeValue?: string | undefined;
  lastPurchasedStart?: string | undefined;
  lastPurchasedEnd?: string | undefined;
}

/** The filters without their empty parts: what a list or an export sends. */
export function filterQuery(filters: CustomerFilters): CustomerFilters {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
}

/** `GET /v1/platform/{platformId}/customers` (customers.read), keyset-paged. */
export function useCustomersQuery(project: string, filters: CustomerFilters, sortBy: CustomerSort) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const query = filterQuery(filters);
  return usePagedStorefrontList(storefrontKeys.customerList(project, { ...query, sortBy }), (paging, signal) =>
    client.listCustomers(
      {
        platformId,
        project,
        pageSize: CUSTOMERS_PAGE_SIZE,
        sortBy,
        ...paging,
        ...query,
      },
      { signal },
    ),
  );
}

/** `GET …/customers/{customerId}`: their figures and latest orders. */
export function useCustomerQuery(project: string, customerId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: storefrontKeys.customer(project, customerId),
    queryFn: ({ signal }) => client.getCustomer({ platformId, project, customerId }, { signal }),
  });
}
