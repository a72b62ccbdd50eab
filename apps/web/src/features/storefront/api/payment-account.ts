import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';

export type PaymentAccount = ResultOf<'getPaymentAccount'>;

/** `GET /v1/platform/payment/stripe`: connected or not, and the account's summary. */
export function usePaymentAccountQuery(project: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: storefrontKeys.paymentAccount(project),
    queryFn: ({ signal }) => client.getPaymentAccount({ project }, { signal }),
  });
}

/** `GET …/authorize`: the address that starts the connect flow (Stripe's, or the sandbox's). */
export function useAuthorizePaymentAccount(project: string) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.authorizePaymentAccount({ project }) });
}

/** `POST …/authorize`: hands over the code and state the connect flow came back with. */
export function useCompletePaymentAuthorization(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: { code: string; state: string }) =>
      client.completePaymentAuthorization({ project, completePaymentAuthorizationRequest: request }),
    onSuccess: (account) => queryClient.setQueryData(storefrontKeys.paymentAccount(project), account),
  });
}

/** `DELETE …/deauthorize`: card orders are refused until an account is connected again. */
export function useDeauthorizePaymentAccount(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => client.deauthorizePaymentAccount({ project }),
    onSuccess: (account) => queryClient.setQueryData(storefrontKeys.paymentAccount(project), account),
  });
}
