import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApiClient } from '../../../app/api-client';
import { Alert } from '../../../ui/Alert';
import { Loading } from '../../../ui/Loading';
import { useUser } from '../../accounts/api/session';
import { StripeCardForm } from '../payment-gateway';
import { billingKeys, useCreatePaymentMethod } from '../api';
import { useIdempotencyKey } from '../idempotency';
import { BillingError } from './BillingError';

export interface AddCardWithGatewayProps {
  project: string;
  /** Make the new card the default at once. */
  makeDefault: boolean;
  /** The card was added: the page reloads its payment methods and closes the form. */
  onAdded: () => void;
  onCancel: () => void;
}

/**
 * Adding a card in Stripe mode (`paymentVendor === 'stripe'`). The card never passes through Wharf:
 * Stripe's own form confirms a setup intent whose secret the server made (`getVendorSecret`), and
 * only the payment method's id (`pm_…`) comes back to us to be stored. A new secret is asked for
 * each time the form opens: a setup intent is single-use.
 */
export function AddCardWithGateway({ project, makeDefault, onAdded, onCancel }: AddCardWithGatewayProps) {
  const client = useApiClient();
  const user = useUser();
  const create = useCreatePaymentMethod(project);
  const idempotency = useIdempotencyKey();
  const [failure, setFailure] = useState<unknown>(null);
  const setup = useQuery({
    queryKey: [...billingKeys.paymentMethods(project), 'stripe-setup'],
    queryFn: () => client.getVendorSecret({ project, vendor: 'stripe' }),
    gcTime: 0,
    staleTime: Infinity,
    retry: false,
  });

  async function store(paymentMethod: string) {
    setFailure(null);
    const key = idempotency.keyFor(`stripe:${paymentMethod}`);
    try {
      await create.mutateAsync({ body: { vendor: 'stripe', paymentMethod, isDefault: makeDefault }, key });
      idempotency.settle();
      onAdded();
    } catch (error) {
      idempotency.settle(error);
      setFailure(error);
    }
  }

  return (
    <div data-slot="add-card-with-gateway" className="grid gap-3 rounded-lg border border-border p-4 text-sm">
      <p className="font-semibold">Card details are entered in the payment provider’s secure form.</p>
      {setup.isPending && <Loading label="Opening the secure card form…" inCard />}
      {setup.isError && <BillingError error={setup.error} project={project} />}
      {setup.data && !setup.data.publishableKey && (
        <Alert tone="danger">
          The payment provider is not set up on this platform. Ask the platform’s administrators.
        </Alert>
      )}
      {setup.data?.publishableKey && (
        <StripeCardForm
          clientSecret={setup.data.secret}
          publishableKey={setup.data.publishableKey}
          signedIn={user !== null}
          onConfirmed={(paymentMethod) => void store(paymentMethod)}
          onError={(message) => setFailure(new Error(message))}
        />
      )}
      {failure !== null && <BillingError error={failure} project={project} />}
      <div>
        <button
          type="button"
          onClick={onCancel}
          className="text-sm font-medium text-primary underline underline-offset-4"
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
