/**
 * Loading Stripe.js, the script that takes card numbers in Stripe's own frames so they never pass
 * through the console or the server. SPEC.md: the payment script loads only for an authenticated
 * user; its load parameters are an object holding only the boolean `advancedFraudSignals`; a load
 * failure is ignored for bot-like user agents (crawlers and audits load pages without a network to
 * Stripe) and rethrown otherwise.
 */

export const STRIPE_SCRIPT_URL = 'https://js.stripe.com/v3';

/** The few Stripe.js calls the card form makes (Stripe's own types are not a dependency here). */
export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
}
export interface StripeJs {
  elements(): { create(type: 'card', options?: Record<string, unknown>): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: { name?: string } } },
  ): Promise<
    | { setupIntent: { status: string; payment_method: string | { id: string } | null }; error?: undefined }
    | { error: { message?: string; type?: string } }
  >;
}
export type StripeConstructor = (publishableKey: string) => StripeJs;

declare global {
  interface Window {
    Stripe?: StripeConstructor;
  }
}

export interface LoadParameters {
  advancedFraudSignals: boolean;
}

export const BOT_USER_AGENT = /bot|crawler|spider|headless|lighthouse/i;

export class StripeLoadError extends Error {
  override readonly name = 'StripeLoadError';
}

/** Checks load parameters as SPEC.md gives them: an object with only a boolean `advancedFraudSignals`. */
export function checkLoadParameters(params: unknown): LoadParameters {
  const valid =
    typeof params === 'object' &&
    params !== null &&
    !Array.isArray(params) &&
    Object.keys(params).length === 1 &&
    typeof (params as { advancedFraudSignals?: unknown }).advancedFraudSignals === 'boolean';
  if (!valid)
    throw new StripeLoadError('Stripe.js load parameters must be an object with only a boolean advancedFraudSignals.');
  return params as LoadParameters;
}

/** The one script load of this page, shared by every form that asks. */
let loading: Promise<StripeConstructor> | null = null;

function injectScript(params: LoadParameters): Promise<StripeConstructor> {
  if (window.Stripe) return Promise.resolve(window.Stripe);
  // Stripe.js reads its own parameters from its URL; sending the signals is its default.
  const src = params.advancedFraudSignals ? STRIPE_SCRIPT_URL : `${STRIPE_SCRIPT_URL}?advancedFraudSignals=false`;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.addEventListener('load', () => {
      if (window.Stripe) resolve(window.Stripe);
      else reject(new StripeLoadError('Stripe.js loaded but did not start.'));
    });
    script.addEventListener('error', () => {
      // Gone, so that a later try (after the network returns) injects it afresh.
      script.remove();
      reject(new StripeLoadError('Stripe.js could not be loaded.'));
    });
    document.head.appendChild(script);
  });
}

/**
 * Stripe.js for `publishableKey`, the script injected once per page. Refuses (rejects) without a
 * signed-in user. A failed load answers null for a bot-like user agent, quietly, and rejects for
 * anyone else, who should be told the card form is unavailable.
 */
export async function loadStripeScript(
  publishableKey: string,
  options: { signedIn: boolean; params?: LoadParameters; userAgent?: string },
): Promise<StripeJs | null> {
  if (!options.signedIn) throw new StripeLoadError('Stripe.js loads only for a signed-in user.');
  // Only a missing argument takes the default; anything given (null too) must pass the check.
  const params = checkLoadParameters('params' in options ? options.params : { advancedFraudSignals: true });
  loading ??= injectScript(params);
  try {
    const Stripe = await loading;
    return Stripe(publishableKey);
  } catch (error) {
    loading = null;
    if (BOT_USER_AGENT.test(options.userAgent ?? navigator.userAgent)) return null;
    throw error;
  }
}

/** Tests only: forget the page's load, as a fresh page would. */
export function resetStripeScriptForTests(): void {
  loading = null;
}
