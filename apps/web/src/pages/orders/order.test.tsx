import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../features/billing/money';
import { forgetModules, renderWithModules } from '../../features/integrations/render-modules';
import { orderFixture, P, PLATFORM, storefrontApi } from '../../features/storefront/storefront-fixtures';
import { apiError, json } from '../../test/fake-api';
import type { Order } from '@wharf/contract';

afterEach(() => {
  forgetModules();
});

const order = orderFixture(7);
const page = (o: Order) => `/platform/orders/${o.id}?project=${P}`;
const GET = (o: Order) => `GET ${PLATFORM}/orders/${o.id}`;
const RETRY = (o: Order) => `POST ${PLATFORM}/orders/${o.id}/retryPlatformPayment`;

const failedPayment = {
  ...order.payments[0]!,
  outcome: 'failed' as const,
  reference: null,
  failure: 'The card was declined.',
};
const unpaid = orderFixture(7, { status: 'new', paymentFailed: true, paidAt: null, payments: [failedPayment] });

describe('an order (platform.orders.view)', () => {
  it('shows the number, status, dates, customer, items with totals, addresses, payments and the timeline', async () => {
    renderWithModules(page(order), storefrontApi({ [GET(order)]: json(200, order) }).fetch);
    expect(await screen.findByText('#1007')).toBeInTheDocument();
    // One heading says what the page is; the number is not a second one.
    expect(screen.getAllByRole('heading', { name: /^Order/ })).toHaveLength(1);
    expect(screen.getByText('Storefront', { selector: 'dd' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Order - Wharf'));
    expect(screen.getByText('Paid', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buyer 1' })).toHaveAttribute(
      'href',
      `/platform/customers/${order.customer.id}?project=${P}`,
    );
    const items = screen.getByRole('table', { name: 'Items of order #1007' });
    const mug = within(items).getAllByRole('row')[1]!;
    expect(within(mug).getByText('Harbour mug')).toBeInTheDocument();
    expect(within(mug).getByText('MUG-1 · Blue')).toBeInTheDocument();
    expect(within(mug).getByText('2')).toBeInTheDocument();
    expect(within(mug).getByText(formatMoney(1250, 'EUR'))).toBeInTheDocument();
    expect(within(mug).getByText(formatMoney(2500, 'EUR'))).toBeInTheDocument();
    const totals = screen.getByLabelText('Totals');
    expect(within(totals).getByText(formatMoney(500, 'EUR'))).toBeInTheDocument();
    expect(within(totals).getByText(formatMoney(6000, 'EUR'))).toBeInTheDocument();
    expect(screen.getByText('12 Quay Street')).toBeInTheDocument();
    expect(screen.getByText('None given')).toBeInTheDocument();

    const payments = screen.getByRole('list', { name: 'Payments' });
    expect(within(payments).getByText('Succeeded')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry payment' })).not.toBeInTheDocument();

    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline).toHaveLength(2);
    expect(timeline[0]).toHaveTextContent('Order #1007 was placed.');
    expect(timeline[0]).toHaveTextContent('Storefront key');
    expect(timeline[1]).toHaveTextContent('Wharf');
  });

  it('offers to retry only a failed last payment, sends an Idempotency-Key, and shows the result', async () => {
    const retried = orderFixture(7, {
      status: 'paid',
      payments: [failedPayment, { ...order.payments[0]!, id: '9a7e0000-0000-4000-8000-000000000999', attempt: 2 }],
    });
    let answer = () => apiError(409, 'PAYMENT_IN_FLIGHT', 'A payment of this order is already under way.');
    const api = storefrontApi({ [GET(unpaid)]: json(200, unpaid), [RETRY(unpaid)]: () => answer() });
    renderWithModules(page(unpaid), api.fetch);
    expect(await screen.findByText('The card was declined.')).toBeInTheDocument();
    expect(screen.getByText(/Payment failed/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText('A payment of this order is already under way.')).toBeInTheDocument();
    const first = api.callsTo(RETRY(unpaid))[0]!;
    expect(first.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    answer = () => json(200, retried);
    await userEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    expect(await screen.findByText('The payment went through.')).toBeInTheDocument();
    const calls = api.callsTo(RETRY(unpaid));
    expect(calls).toHaveLength(2);
    // A refusal was an answer: the next attempt is a new submission with a key of its own.
    expect(calls[1]!.headers.get('Idempotency-Key')).not.toBe(first.headers.get('Idempotency-Key'));
    expect(calls[1]!.url).toContain(`project=${P}`);
    expect(screen.queryByRole('button', { name: 'Retry payment' })).not.toBeInTheDocument();
    expect(screen.getByText('Paid', { selector: '[data-status]' })).toBeInTheDocument();
  });

  it('keeps the retry button disabled for a role without orders.manage, and says why', async () => {
    renderWithModules(page(unpaid), storefrontApi({ [GET(unpaid)]: json(200, unpaid) }, ['orders.read']).fetch);
    expect(await screen.findByRole('button', { name: 'Retry payment' })).toBeDisabled();
    expect(screen.getByText(/not retry its payment or change its fulfilment/)).toBeInTheDocument();
  });

  it('keeps a paid order’s fulfilment form read-only for a role without orders.manage', async () => {
    renderWithModules(page(order), storefrontApi({ [GET(order)]: json(200, order) }, ['orders.read']).fetch);
    expect(await screen.findByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByText(/not retry its payment or change its fulfilment/)).toBeInTheDocument();
  });

  it('shows a refunded or unpaid order’s fulfilments without a form: there is nothing to fulfil', async () => {
    for (const [o, reason] of [
      [orderFixture(7, { status: 'refunded' }), 'Order #1007 was refunded: there is nothing left to fulfil.'],
      [
        { ...unpaid, fulfillments: order.fulfillments },
        'Order #1007 is not paid yet: fulfil it once its payment succeeds.',
      ],
    ] as const) {
      const view = renderWithModules(page(o), storefrontApi({ [GET(o)]: json(200, o) }).fetch);
      expect(await screen.findByText(reason)).toBeInTheDocument();
      expect(screen.getByText('Nothing to fulfil')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Fulfilment 1' })).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Edit fulfilment 1' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
      view.unmount();
      forgetModules();
    }
    // A paid order keeps its form.
    renderWithModules(page(order), storefrontApi({ [GET(order)]: json(200, order) }).fetch);
    expect(await screen.findByRole('form', { name: 'Edit fulfilment 1' })).toBeInTheDocument();
    expect(screen.queryByText('Nothing to fulfil')).not.toBeInTheDocument();
  });

  it('saves only the changed parts of a fulfilment, and shows the server’s refusal', async () => {
    const fulfillment = order.fulfillments[0]!;
    const PATCH = `PATCH ${PLATFORM}/fulfillments/${fulfillment.id}`;
    let refuse = true;
    const api = storefrontApi({
      [GET(order)]: json(200, order),
      [PATCH]: (call) =>
        refuse
          ? apiError(409, 'FULFILLMENT_TRANSITION', 'A pending fulfilment cannot be delivered before it has shipped.')
          : json(200, {
              ...fulfillment,
              ...(call.body as object),
              fulfiller: { kind: 'module', code: 'shipstation', name: 'ShipStation', description: '' },
            }),
    });
    renderWithModules(page(order), api.fetch);
    const form = await screen.findByRole('form', { name: 'Edit fulfilment 1' });
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(within(form).getByRole('option', { name: 'ShipStation' })).toBeInTheDocument());

    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'delivered');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await within(form).findByText('A pending fulfilment cannot be delivered before it has shipped.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PATCH)[0]!.body).toEqual({ status: 'delivered' });

    refuse = false;
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Status' }), 'shipped');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: 'Fulfiller' }), 'module:shipstation');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Carrier' }), 'Royal Mail');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Tracking number' }), 'RM123456GB');
    await userEvent.type(
      within(form).getByRole('textbox', { name: 'Tracking URL' }),
      'https://track.example/RM123456GB',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(2));
    expect(api.callsTo(PATCH)[1]!.body).toEqual({
      status: 'shipped',
      fulfiller: { kind: 'module', code: 'shipstation' },
      carrier: 'Royal Mail',
      trackingNumber: 'RM123456GB',
      trackingUrl: 'https://track.example/RM123456GB',
    });
    expect(api.callsTo(PATCH)[1]!.url).toContain(`project=${P}`);
    // The order is loaded again: its status and timeline move with the fulfilment.
    await waitFor(() => expect(api.callsTo(GET(order)).length).toBeGreaterThan(1));
  });

  it('refunds after a confirmation naming the amount and where it goes, with the reason', async () => {
    const REFUND = `POST ${PLATFORM}/orders/${order.id}/refund`;
    const refunded = orderFixture(7, { status: 'refunded' });
    const api = storefrontApi({
      [GET(order)]: json(200, order),
      [REFUND]: () => json(200, refunded),
    });
    renderWithModules(page(order), api.fetch);
    await userEvent.click(await screen.findByRole('button', { name: 'Refund order' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #1007?' });
    expect(dialog).toHaveTextContent(`${formatMoney(6000, 'EUR')} goes back to Buyer 1's card`);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Arrived broken');
    await userEvent.click(within(dialog).getByRole('button', { name: `Refund ${formatMoney(6000, 'EUR')}` }));
    await waitFor(() => expect(api.callsTo(REFUND)).toHaveLength(1));
    expect(api.callsTo(REFUND)[0]!.body).toEqual({ reason: 'Arrived broken' });
    expect(await screen.findByText('Refunded', { selector: '[data-status]' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund order' })).not.toBeInTheDocument();
  });

  it('says when the order cannot be found', async () => {
    renderWithModules(
      page(order),
      storefrontApi({ [GET(order)]: apiError(404, 'NOT_FOUND', 'No such order in this project.') }).fetch,
    );
    expect(await screen.findByText('No such order in this project.')).toBeInTheDocument();
    expect(screen.getByText('The order could not be loaded')).toBeInTheDocument();
  });
});
