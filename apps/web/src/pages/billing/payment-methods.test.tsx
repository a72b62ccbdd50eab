import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  billingPageApi,
  billingProjectFixture,
  P,
  paymentMethodFixture,
} from '../../features/billing/billing-fixtures';
import { apiError, json, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';
import { isExpiringSoon } from './PaymentMethodsPage';

const LIST = 'GET /v1/billing/payment-methods';
const CREATE = 'POST /v1/billing/payment-methods';
const path = `/billing/payment-methods?project=${P}`;

const now = new Date();
const visa = paymentMethodFixture(1);
const expiring = paymentMethodFixture(2, {
  brand: 'mastercard',
  expMonth: now.getUTCMonth() + 1,
  expYear: now.getUTCFullYear(),
});
const expired = paymentMethodFixture(3, { brand: 'amex', expMonth: 1, expYear: 2024, expired: true });

const cardItem = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Payment methods' }))
    .getAllByRole('listitem')
    .find((li) => name.test(li.textContent ?? ''))!;

describe('billing payment methods', () => {
  it('shows each card with its brand, last digits, expiry, and default, expired and expiring badges', async () => {
    renderApp(path, billingPageApi({ [LIST]: json(200, [visa, expiring, expired]) }).fetch);
    await screen.findByRole('list', { name: 'Payment methods' });
    expect(cardItem(/Visa/)).toHaveTextContent('Visa •••• 4241Default');
    expect(cardItem(/Visa/)).toHaveTextContent('Ada Lovelace · Expires 12/2030');
    expect(cardItem(/Mastercard/)).toHaveTextContent('Expiring soon');
    expect(cardItem(/American Express/)).toHaveTextContent('Expired');
    expect(cardItem(/American Express/)).not.toHaveTextContent('Expiring soon');
  });

  it('says so when there are none', async () => {
    renderApp(path, billingPageApi({ [LIST]: json(200, []) }).fetch);
    expect(await screen.findByText('No payment methods yet.')).toBeInTheDocument();
  });

  it('makes a card the default', async () => {
    const PATCH = `PATCH /v1/billing/payment-methods/${expiring.id}`;
    const api = billingPageApi({ [LIST]: json(200, [visa, expiring]), [PATCH]: () => json(200, expiring) });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Make Mastercard •••• 4242 the default' }));
    expect(await screen.findByText('Mastercard •••• 4242 is now the default.')).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]?.body).toEqual({ isDefault: true });
  });

  it('removes a card after confirming, and shows the server’s refusal in the dialog', async () => {
    const DELETE = `DELETE /v1/billing/payment-methods/${visa.id}`;
    const answers = [
      () => apiError(409, 'PAYMENT_METHOD_REQUIRED', 'The last card cannot be removed while invoices are due.'),
      () => new Response(null, { status: 204 }),
    ];
    const api = billingPageApi({ [LIST]: json(200, [visa]), [DELETE]: () => answers.shift()!() });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Visa •••• 4241' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this card?' });
    expect(dialog).toHaveTextContent('The next newest card becomes the default.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The last card cannot be removed while invoices are due.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText('Visa •••• 4241 removed.')).toBeInTheDocument();
  });

  it('adds a sandbox card, checked in the browser with the contract’s words', async () => {
    const api = billingPageApi({
      [LIST]: json(200, []),
      [CREATE]: () => json(201, paymentMethodFixture(9, { last4: '4242' })),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(within(form).getByLabelText('Card number')).toHaveAccessibleDescription(
      'Enter a card number of 12 to 19 digits.',
    );
    expect(within(form).getByLabelText('Month')).toHaveAccessibleDescription('Enter the expiry month.');
    expect(within(form).getByLabelText('Year')).toHaveAccessibleDescription('Enter the expiry year.');
    expect(within(form).getByLabelText('CVC')).toHaveAccessibleDescription('Enter the 3 or 4 digit security code.');
    expect(within(form).getByLabelText('Name on card')).toHaveAccessibleDescription('Enter the name on the card.');
    // Focus goes to the first field to fix.
    expect(within(form).getByLabelText('Card number')).toHaveFocus();

    await userEvent.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4241');
    await userEvent.type(within(form).getByLabelText('Month'), '13');
    await userEvent.type(within(form).getByLabelText('Year'), '2031');
    await userEvent.type(within(form).getByLabelText('CVC'), '123');
    await userEvent.type(within(form).getByLabelText('Name on card'), 'Ada Lovelace');
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(within(form).getByLabelText('Card number')).toHaveAccessibleDescription(
      'This card number is not valid. Check the digits.',
    );
    expect(within(form).getByLabelText('Month')).toHaveAccessibleDescription('Use a month from 1 to 12.');
    expect(api.callsTo(CREATE)).toHaveLength(0);

    await userEvent.clear(within(form).getByLabelText('Card number'));
    await userEvent.type(within(form).getByLabelText('Card number'), '4242 4242 4242 4242');
    await userEvent.clear(within(form).getByLabelText('Month'));
    await userEvent.type(within(form).getByLabelText('Month'), '7');
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await screen.findByText('•••• 4242 added.')).toBeInTheDocument();
    const call = api.callsTo(CREATE)[0] as FakeCall;
    expect(call.body).toEqual({
      vendor: 'sandbox',
      number: '4242 4242 4242 4242',
      expMonth: 7,
      expYear: 2031,
      cvc: '123',
      holderName: 'Ada Lovelace',
    });
    expect(call.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server’s field errors beside their fields, and its refusals', async () => {
    const answers = [
      () =>
        apiError(400, 'VALIDATION_ERROR', 'Invalid body', [
          { path: 'body.cvc', message: 'The security code is wrong.' },
        ]),
      () => apiError(502, 'SETUP_INTENT_FAILED', 'gateway down'),
    ];
    const api = billingPageApi({ [LIST]: json(200, []), [CREATE]: () => answers.shift()!() });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await userEvent.type(within(form).getByLabelText('Card number'), '4242424242424242');
    await userEvent.type(within(form).getByLabelText('Month'), '1');
    await userEvent.type(within(form).getByLabelText('Year'), '2031');
    await userEvent.type(within(form).getByLabelText('CVC'), '999');
    await userEvent.type(within(form).getByLabelText('Name on card'), 'Ada');
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('CVC')).toHaveAccessibleDescription('The security code is wrong.'),
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Failed to create a payment method.');
  });

  it('says up front that company details are needed, with where to add them, before any card is typed', async () => {
    const api = billingPageApi({ [LIST]: json(200, []) }, billingProjectFixture({ company: null }));
    renderApp(path, api.fetch);
    const first = await screen.findByText('Company details are needed first');
    const alert = first.closest('[role="status"]') as HTMLElement;
    expect(alert).toHaveTextContent('Cards can be added once the project’s company details');
    expect(within(alert).getByRole('link', { name: 'Add company details' })).toHaveAttribute(
      'href',
      `/project/settings?project=${P}`,
    );
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Add a card' })).not.toBeInTheDocument();
  });

  it('shows a card the network declined in the form, beside the number', async () => {
    const declined = 'This card was declined by its bank. Use another card.';
    const api = billingPageApi({
      [LIST]: json(200, []),
      [CREATE]: () => apiError(400, 'CARD_DECLINED', declined, [{ path: 'body.number', message: declined }]),
    });
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    const form = await screen.findByRole('form', { name: 'Add a card' });
    await userEvent.type(within(form).getByLabelText('Card number'), '4000 0000 0000 0002');
    await userEvent.type(within(form).getByLabelText('Month'), '1');
    await userEvent.type(within(form).getByLabelText('Year'), '2031');
    await userEvent.type(within(form).getByLabelText('CVC'), '123');
    await userEvent.type(within(form).getByLabelText('Name on card'), 'Ada');
    await userEvent.click(within(form).getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(within(form).getByLabelText('Card number')).toHaveAccessibleDescription(declined));
    expect(screen.queryByText(/•••• \d{4} added\./)).not.toBeInTheDocument();
  });

  it('adds a card with Stripe’s own form in Stripe mode: only the payment method id reaches the server', async () => {
    const SECRET = 'GET /v1/billing/payment-methods/stripe/secret';
    const card = { mount: vi.fn(), destroy: vi.fn(), on: vi.fn() };
    const confirmCardSetup = vi.fn(async () => ({ setupIntent: { payment_method: 'pm_stripe_1' } }));
    const Stripe = vi.fn(() => ({ elements: () => ({ create: () => card }), confirmCardSetup }));
    const api = billingPageApi(
      {
        [LIST]: json(200, []),
        [SECRET]: json(200, { vendor: 'stripe', secret: 'seti_1_secret_x', publishableKey: 'pk_test_wharf' }),
        [CREATE]: () => json(201, paymentMethodFixture(9, { last4: '4444', brand: 'mastercard' })),
      },
      billingProjectFixture({ paymentVendor: 'stripe' }),
    );
    renderApp(path, api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a card' }));
    expect(
      await screen.findByText('Card details are entered in the payment provider’s secure form.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();

    // jsdom loads no scripts: play the browser finishing Stripe.js.
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[src^="https://js.stripe.com/v3"]');
      if (!found) throw new Error('Stripe.js was not requested');
      return found;
    });
    window.Stripe = Stripe as never;
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(card.mount).toHaveBeenCalled());
    expect(Stripe).toHaveBeenCalledWith('pk_test_wharf');

    await userEvent.type(screen.getByLabelText(/name on card/i), 'Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: /save card|add card/i }));
    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(confirmCardSetup).toHaveBeenCalledWith('seti_1_secret_x', expect.anything());
    const sent = api.callsTo(CREATE)[0] as FakeCall;
    expect(sent.body).toEqual({ vendor: 'stripe', paymentMethod: 'pm_stripe_1', isDefault: false });
    expect(sent.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    script.remove();
    delete window.Stripe;
  });
});

describe('isExpiringSoon', () => {
  it('is this month or the next, not later, and not once expired', () => {
    const at = new Date(Date.UTC(2026, 10, 21));
    expect(isExpiringSoon({ expMonth: 11, expYear: 2026, expired: false }, at)).toBe(true);
    expect(isExpiringSoon({ expMonth: 12, expYear: 2026, expired: false }, at)).toBe(true);
    expect(isExpiringSoon({ expMonth: 1, expYear: 2027, expired: false }, at)).toBe(false);
    expect(isExpiringSoon({ expMonth: 10, expYear: 2026, expired: true }, at)).toBe(false);
  });
});
