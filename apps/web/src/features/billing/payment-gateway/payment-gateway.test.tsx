import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadStripeScript, STRIPE_SCRIPT_URL, StripeCardForm, StripeLoadError } from './index';
import { resetStripeScriptForTests, type StripeConstructor, type StripeJs } from './load-stripe';

const KEY = 'pk_test_wharf';
const HUMAN = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

const stripeScripts = () =>
  [...document.querySelectorAll<HTMLScriptElement>('script')].filter((s) => s.src.startsWith(STRIPE_SCRIPT_URL));

/** jsdom fetches no scripts: the test plays the browser, finishing (or failing) the one load. */
function finishLoad(outcome: 'load' | 'error', Stripe?: StripeConstructor) {
  const [script] = stripeScripts();
  if (!script) throw new Error('no Stripe.js script was injected');
  if (Stripe) window.Stripe = Stripe;
  script.dispatchEvent(new Event(outcome));
}

/** A stand-in for Stripe.js: a card element that mounts a marker, and a setup confirmation we choose. */
function fakeStripe(confirm: StripeJs['confirmCardSetup']) {
  const card = {
    mount: vi.fn((element: HTMLElement) =>
      element.append(Object.assign(document.createElement('iframe'), { title: 'Secure card input' })),
    ),
    destroy: vi.fn(),
    on: vi.fn(),
  };
  const js: StripeJs = { elements: () => ({ create: () => card }), confirmCardSetup: vi.fn(confirm) };
  const Stripe = vi.fn<StripeConstructor>(() => js);
  return { Stripe, js, card };
}

beforeEach(() => {
  resetStripeScriptForTests();
  delete window.Stripe;
});
afterEach(() => {
  for (const script of stripeScripts()) script.remove();
});

describe('loadStripeScript', () => {
  it('refuses to load without a signed-in user', async () => {
    await expect(loadStripeScript(KEY, { signedIn: false })).rejects.toBeInstanceOf(StripeLoadError);
    expect(stripeScripts()).toHaveLength(0);
  });

  it('injects Stripe.js once and starts it with the publishable key', async () => {
    const { Stripe, js } = fakeStripe(vi.fn());
    const first = loadStripeScript(KEY, { signedIn: true, userAgent: HUMAN });
    const second = loadStripeScript(KEY, { signedIn: true, userAgent: HUMAN });
    expect(stripeScripts()).toHaveLength(1);
    expect(stripeScripts()[0]!.src).toBe(STRIPE_SCRIPT_URL);
    finishLoad('load', Stripe);
    await expect(first).resolves.toBe(js);
    await expect(second).resolves.toBe(js);
    expect(Stripe).toHaveBeenCalledWith(KEY);
    expect(stripeScripts()).toHaveLength(1);
  });

  it('takes load parameters only as an object with a boolean advancedFraudSignals', async () => {
    for (const params of [null, [], {}, { advancedFraudSignals: 'false' }, { advancedFraudSignals: true, betas: [] }]) {
      await expect(
        loadStripeScript(KEY, { signedIn: true, params: params as never, userAgent: HUMAN }),
        JSON.stringify(params),
      ).rejects.toThrow(/only a boolean advancedFraudSignals/);
    }
    expect(stripeScripts()).toHaveLength(0);
    void loadStripeScript(KEY, { signedIn: true, params: { advancedFraudSignals: false }, userAgent: HUMAN });
    expect(stripeScripts()[0]!.src).toBe(`${STRIPE_SCRIPT_URL}?advancedFraudSignals=false`);
  });

  it('ignores a failed load for a bot, quietly', async () => {
    const errors = vi.spyOn(console, 'error');
    const loaded = loadStripeScript(KEY, { signedIn: true, userAgent: BOT });
    finishLoad('error');
    await expect(loaded).resolves.toBeNull();
    expect(errors).not.toHaveBeenCalled();
  });

  it('rethrows a failed load for a person, and tries afresh next time', async () => {
    const loaded = loadStripeScript(KEY, { signedIn: true, userAgent: HUMAN });
    finishLoad('error');
    await expect(loaded).rejects.toThrow('Stripe.js could not be loaded.');
    expect(stripeScripts()).toHaveLength(0);

    const { Stripe, js } = fakeStripe(vi.fn());
    const again = loadStripeScript(KEY, { signedIn: true, userAgent: HUMAN });
    finishLoad('load', Stripe);
    await expect(again).resolves.toBe(js);
  });
});

describe('StripeCardForm', () => {
  function renderForm(confirm: StripeJs['confirmCardSetup']) {
    const fake = fakeStripe(confirm);
    window.Stripe = fake.Stripe;
    const onConfirmed = vi.fn();
    const onError = vi.fn();
    const view = render(
      <StripeCardForm
        clientSecret="seti_123_secret_abc"
        publishableKey={KEY}
        signedIn
        onConfirmed={onConfirmed}
        onError={onError}
      />,
    );
    return { ...fake, onConfirmed, onError, view };
  }

  it("mounts Stripe's card element and answers the payment method the setup made", async () => {
    const { js, card, onConfirmed, onError, view } = renderForm(async () => ({
      setupIntent: { status: 'succeeded', payment_method: 'pm_1QsK3f2eZvKYlo2CzB7Hq0aV' },
    }));
    expect(await screen.findByTitle('Secure card input')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Name on card'), 'Ada Harbour');
    await userEvent.click(await screen.findByRole('button', { name: 'Add card' }));

    await waitFor(() => expect(onConfirmed).toHaveBeenCalledWith('pm_1QsK3f2eZvKYlo2CzB7Hq0aV'));
    expect(js.confirmCardSetup).toHaveBeenCalledWith('seti_123_secret_abc', {
      payment_method: { card, billing_details: { name: 'Ada Harbour' } },
    });
    expect(onError).not.toHaveBeenCalled();
    view.unmount();
    expect(card.destroy).toHaveBeenCalled();
  });

  it("passes Stripe's words on when the card is refused", async () => {
    const { onConfirmed, onError } = renderForm(async () => ({
      error: { type: 'card_error', message: 'Your card was declined.' },
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('Your card was declined.'));
    expect(onConfirmed).not.toHaveBeenCalled();
  });
});
