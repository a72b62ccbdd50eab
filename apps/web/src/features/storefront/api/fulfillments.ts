import type { UpdateFulfillmentRequest } from '@wharf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { usePlatformId } from './platform-id';

export type Fulfillment = ResultOf<'updateFulfillment'>;
export type AvailableFulfiller = ResultOf<'listAvailableFulfillers'>[number];

/** `GET …/available-fulfillers`: the project itself and its installed fulfilment modules. */
export function useAvailableFulfillers(project: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: storefrontKeys.fulfillers(project),
    queryFn: ({ signal }) => client.listAvailableFulfillers({ platformId, project }, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * `PATCH …/fulfillments/{fulfillmentId}` (orders.manage). The order's status and timeline move with
 * it (and a split makes a new fulfilment), so the order is loaded again.
 */
export function useUpdateFulfillment(project: string, orderId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fulfillmentId, changes }: { fulfillmentId: string; changes: UpdateFulfillmentRequest }) =>
      client.updateFulfillment({ platformId, project, fulfillmentId, updateFulfillmentRequest: changes }),
    onSuccess: async () => {
      void queryClient.invalidateQueries({ queryKey: [...storefrontKeys.orders(project), 'list'] });
      await queryClient.invalidateQueries({ queryKey: storefrontKeys.order(project, orderId) });
    },
  });
}
