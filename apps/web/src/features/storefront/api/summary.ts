import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { usePlatformId } from './platform-id';

export type StorefrontSummary = ResultOf<'getStorefrontSummary'>;
export type StorefrontPeriodTotals = StorefrontSummary['totals'];

/** The days the dashboard's storefront card shows. */
export const SUMMARY_DAYS = 30;

/**
 * `GET /v1/platform/{platformId}/orders/summary` (orders.read): orders and revenue per day. Under the
 * orders' key, so whatever refreshes the orders (a payment retried, a refund) refreshes it too.
 */
export function useStorefrontSummary(project: string, enabled: boolean, days = SUMMARY_DAYS) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: [...storefrontKeys.orders(project), 'summary', days],
    queryFn: ({ signal }) => client.getStorefrontSummary({ platformId, project, days }, { signal }),
    enabled,
  });
}
