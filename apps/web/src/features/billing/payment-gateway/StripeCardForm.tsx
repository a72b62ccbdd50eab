import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { loadStripeScript, type StripeCardElement, type StripeJs } from './load-stripe';

export interface StripeCardFormProps {
  /** The setup intent's client secret (GET /v1/billing/payment-methods/stripe/secret). */
  clientSecret: string;
  publishableKey: string;
  /** Whether a user is signed in: Stripe.js loads only for one. */
  signedIn: boolean;
  /** The payment method Stripe made (pm_…), for POST /v1/billing/payment-methods with vendor stripe. */
  onConfirmed: (paymentMethodId: string) => void;
  onError: (message: string) => void;
}

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'unavailable' };

/**
 * Adds a card with Stripe: the number, expiry and security code are typed into Stripe's card
 * element (an iframe of Stripe's), and `confirmCardSetup` gives them to Stripe against the setup
 * intent. The console only ever sees the payment method's id.
 */
export function StripeCardForm({ clientSecret, publishableKey, signedIn, onConfirmed, onError }: StripeCardFormProps) {
  const mountPoint = useRef<HTMLDivElement>(null);
  const stripe = useRef<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [holderName, setHolderName] = useState('');
  const [cardError, setCardError] = useState<string>();
  const [pending, setPending] = useState(false);
  // The latest callbacks, so that a parent re-rendering with new ones does not reload Stripe.
  const report = useRef(onError);
  useEffect(() => {
    report.current = onError;
  }, [onError]);

  useEffect(() => {
    let cancelled = false;
    let card: StripeCardElement | undefined;
    loadStripeScript(publishableKey, { signedIn }).then(
      (js) => {
        if (cancelled) return;
        if (!js || !mountPoint.current) return setState({ kind: 'unavailable' });
        card = js.elements().create('card', { hidePostalCode: false });
        card.mount(mountPoint.current);
        card.on('change', (event) => setCardError(event.error?.message));
        stripe.current = { js, card };
        setState({ kind: 'ready' });
      },
      () => {
        if (cancelled) return;
        setState({ kind: 'unavailable' });
        report.current('The card form could not be loaded. Check your connection and try again.');
      },
    );
    return () => {
      cancelled = true;
      card?.destroy();
      stripe.current = null;
    };
  }, [publishableKey, signedIn]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const loaded = stripe.current;
    if (!loaded || pending) return;
    setPending(true);
    try {
      const name = holderName.trim();
      const result = await loaded.js.confirmCardSetup(clientSecret, {
        payment_method: { card: loaded.card, ...(name ? { billing_details: { name } } : {}) },
      });
      if (result.error) return onError(result.error.message ?? 'The card could not be added.');
      const method = result.setupIntent.payment_method;
      const id = typeof method === 'string' ? method : method?.id;
      if (!id) return onError('The card could not be added.');
      onConfirmed(id);
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" aria-busy={state.kind === 'loading'}>
      <TextField
        label="Name on card"
        autoComplete="cc-name"
        value={holderName}
        onChange={(event) => setHolderName(event.target.value)}
      />
      <div>
        <p className="text-sm font-medium text-text">Card</p>
        <div
          ref={mountPoint}
          data-testid="stripe-card-element"
          className="mt-1.5 rounded-md border border-border bg-surface px-3 py-2.5"
        />
        {cardError && <p className="mt-1 text-sm text-danger">{cardError}</p>}
      </div>
      {state.kind === 'unavailable' && <Alert tone="warning">The card form is not available right now.</Alert>}
      <SubmitButton pending={pending} pendingLabel="Adding card…" disabled={state.kind !== 'ready'}>
        Add card
      </SubmitButton>
    </form>
  );
}
