import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  BILLING,
  billingPageApi,
  billingProjectFixture,
  billingTestProject,
  overviewFixture,
  P,
  plansFixture,
  walletFixture,
} from '../../features/billing/billing-fixtures';
import { apiError, builtInRoleFixture, json, projectPageApi, type FakeCall } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const OVERVIEW = 'GET /v1/billing/overview';
const PLANS = 'GET /v1/billing/plans';
const WALLETS = 'GET /v1/billing/wallets';
const UPDATE = 'PATCH /v1/billing/billing';
const TRANSACTIONS = 'POST /v1/billing/transactions';
const wallet = walletFixture();
const WALLET = `PATCH /v1/billing/wallets/${wallet.id}`;
const path = `/billing?project=${P}`;

const reads = {
  [OVERVIEW]: json(200, overviewFixture()),
  [PLANS]: json(200, plansFixture),
  [WALLETS]: json(200, [wallet]),
};

describe('billing overview', () => {
  it('denies a Member, saying why, and opens once the owner gives them Finance', async () => {
    let roles = ['member'];
    const held = () => roles.flatMap((key) => builtInRoleFixture(key).permissions);
    const api = projectPageApi(held, { [BILLING]: json(200, billingProjectFixture()), ...reads }, billingTestProject);
    const { queryClient } = renderApp(path, api.fetch);

    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Your role in this project doesn't allow this. You need: See plans, invoices, transactions, wallets and payment methods (billing.read). Ask a project owner or admin for a role that includes it.",
      ),
    ).toBeInTheDocument();
    // Nothing of the account is asked for while the page is denied.
    expect(api.callsTo(BILLING)).toHaveLength(0);

    roles = ['finance'];
    await queryClient.invalidateQueries({ queryKey: ['enforce'] });
    expect(await screen.findByRole('region', { name: 'Plan' })).toBeInTheDocument();
    expect(screen.queryByText('Not available')).not.toBeInTheDocument();
  });

  it('shows the balance, this period, the last 12 months (readable without the picture) and spend by integration', async () => {
    renderApp(path, billingPageApi(reads).fetch);
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(overview).toHaveTextContent('Balance€1,234.56');
    expect(overview).toHaveTextContent('Available€1,000.00');
    expect(overview).toHaveTextContent('Spend this period€42.00');
    expect(overview).toHaveTextContent('Nov 1, 2026 – Nov 30, 2026');
    expect(overview).toHaveTextContent('Upcoming invoice€61.00');

    // The chart is one image with a title that says what it shows…
    const chart = screen.getByRole('img', { name: /Spend, last 12 months: €780\.00 in total, highest €120\.00/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(12);
    // …and the numbers are in a table for screen readers.
    const table = screen.getByRole('table', { name: 'Spend, last 12 months' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(within(table).getByRole('row', { name: 'December 2025 €10.00 €5.00' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: 'November 2026 €120.00 €5.00' })).toBeInTheDocument();

    const byIntegration = screen.getByRole('list', { name: 'Spend by integration' });
    expect(
      within(byIntegration)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['gfn€30.00', 'mail€12.00']);
  });

  it('shows the account alerts in their colours with the actions that fix them', async () => {
    const account = billingProjectFixture({
      flags: [
        {
          code: 'payment_method_required',
          message: 'Missing payment method.',
          level: 'danger',
          actions: [{ text: 'Add', route: { name: 'billing.payment-methods', params: {}, query: {} } }],
        },
        { code: 'credit_limit_warning', message: 'Near credit limit.', level: 'warning', actions: [] },
      ],
    });
    renderApp(path, billingPageApi(reads, account).fetch);
    const alerts = await screen.findByRole('list', { name: 'Account alerts' });
    const [missing, near] = within(alerts).getAllByRole('listitem');
    expect(missing).toHaveAttribute('data-level', 'error');
    expect(missing).toHaveTextContent('Error: Missing payment method.');
    expect(within(missing!).getByRole('link', { name: 'Add' })).toHaveAttribute(
      'href',
      `/billing/payment-methods?project=${P}`,
    );
    expect(near).toHaveAttribute('data-level', 'warning');
    expect(within(near!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('changes the plan only after confirming the new price and that it is prorated', async () => {
    const api = billingPageApi({
      ...reads,
      [UPDATE]: () => json(200, billingProjectFixture({ plan: { code: 'growth', name: 'Growth' } })),
    });
    renderApp(path, api.fetch);
    const plans = await screen.findByRole('list', { name: 'Plans' });
    expect(within(plans).getByText('Current')).toBeInTheDocument();
    expect(plans).toHaveTextContent('€49.00 a month');

    await userEvent.click(within(plans).getByRole('button', { name: 'Switch to Growth' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Growth?' });
    expect(dialog).toHaveTextContent('Growth costs €49.00 a month.');
    expect(dialog).toHaveTextContent(/prorated: the unused part of this month on Starter is credited/);
    expect(api.callsTo(UPDATE)).toHaveLength(0);

    // Cancelling sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(UPDATE)).toHaveLength(0);

    await userEvent.click(within(plans).getByRole('button', { name: 'Switch to Growth' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Switch plan' }));
    expect(await screen.findByText('Plan changed to Growth.')).toBeInTheDocument();
    expect(api.callsTo(UPDATE).map((c) => c.body)).toEqual([{ plan: 'growth' }]);
  });

  it('says a demo project is in demo mode', async () => {
    renderApp(path, billingPageApi(reads, billingProjectFixture({ plan: { code: 'demo', name: 'Demo' } })).fetch);
    const plan = await screen.findByRole('region', { name: 'Plan' });
    expect(await within(plan).findByText('Project is in demo mode.')).toBeInTheDocument();
  });

  it('tops the wallet up with an Idempotency-Key kept for a retry of the same submission', async () => {
    const answers = [() => json(500, { code: 'INTERNAL', message: 'boom' }), () => json(201, {}), () => json(201, {})];
    const api = billingPageApi({ ...reads, [TRANSACTIONS]: () => answers.shift()!() });
    renderApp(path, api.fetch);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    expect(await within(wallet).findByText('€1,234.56')).toBeInTheDocument();
    const amount = within(wallet).getByLabelText('Top-up amount (EUR)');

    await userEvent.type(amount, '25');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    expect(await within(wallet).findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    // Trying again after a failure the server never answered: the same key, so it cannot charge twice.
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    expect(await within(wallet).findByText('Topped up €25.00.')).toBeInTheDocument();

    const calls = api.callsTo(TRANSACTIONS);
    expect(calls[0]?.body).toEqual({
      type: 'payment',
      amount: 2500,
      currency: 'EUR',
      integration: 'billing',
      sourceReference: 'console-top-up',
      confirm: true,
    });
    const key = calls[0]?.headers.get('idempotency-key');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(calls[1]?.headers.get('idempotency-key')).toBe(key);

    // A new top-up is a new submission: a new key.
    await userEvent.type(amount, '25');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(api.callsTo(TRANSACTIONS)).toHaveLength(3));
    expect(api.callsTo(TRANSACTIONS)[2]?.headers.get('idempotency-key')).not.toBe(key);
  });

  it('checks the amount in the browser', async () => {
    const api = billingPageApi(reads);
    renderApp(path, api.fetch);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    await userEvent.type(await within(wallet).findByLabelText('Top-up amount (EUR)'), '12.345');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    expect(within(wallet).getByLabelText('Top-up amount (EUR)')).toHaveAccessibleDescription(
      /Enter an amount above zero, such as 25.00./,
    );
    expect(api.callsTo(TRANSACTIONS)).toHaveLength(0);
  });

  it('says what the server refused: a card decline in its words, Company setup required with its Fix', async () => {
    const answers = [
      () => apiError(402, 'CARD_DECLINED', 'The card was declined.'),
      () => apiError(409, 'COMPANY_NOT_FOUND', 'Company details are not set'),
    ];
    const api = billingPageApi({ ...reads, [TRANSACTIONS]: () => answers.shift()!() });
    renderApp(path, api.fetch);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    await userEvent.type(await within(wallet).findByLabelText('Top-up amount (EUR)'), '10');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    expect(await within(wallet).findByRole('alert')).toHaveTextContent('The card was declined.');

    await userEvent.clear(within(wallet).getByLabelText('Top-up amount (EUR)'));
    await userEvent.type(within(wallet).getByLabelText('Top-up amount (EUR)'), '11');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    const alert = await within(wallet).findByText('Company setup required.');
    const fix = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Fix' });
    expect(fix).toHaveAttribute('href', `/project/settings?project=${P}`);
    // A refusal the server answered ends that submission: the next one has its own key.
    const keys = api.callsTo(TRANSACTIONS).map((c: FakeCall) => c.headers.get('idempotency-key'));
    expect(new Set(keys).size).toBe(2);
  });

  it('shows INSUFFICIENT_BALANCE in the console’s words', async () => {
    const api = billingPageApi({
      ...reads,
      [TRANSACTIONS]: () => apiError(402, 'INSUFFICIENT_BALANCE', 'insufficient.balance'),
    });
    renderApp(path, api.fetch);
    const wallet = await screen.findByRole('region', { name: 'Wallet' });
    await userEvent.type(await within(wallet).findByLabelText('Top-up amount (EUR)'), '10');
    await userEvent.click(within(wallet).getByRole('button', { name: 'Top up' }));
    expect(await within(wallet).findByRole('alert')).toHaveTextContent(
      'Balance is insufficient to complete this charge.',
    );
  });

  it('sets auto top-up, and turns it off', async () => {
    const api = billingPageApi({ ...reads, [WALLET]: () => json(200, wallet) });
    renderApp(path, api.fetch);
    const form = await screen.findByRole('form', { name: 'Auto top-up' });
    await userEvent.click(within(form).getByLabelText('Top up automatically when the balance runs low'));
    await userEvent.type(within(form).getByLabelText('When the balance falls below (EUR)'), '10');
    await userEvent.type(within(form).getByLabelText('Top up by (EUR)'), '50.50');
    await userEvent.click(within(form).getByRole('button', { name: 'Save auto top-up' }));
    expect(await within(form).findByText('Auto top-up saved.')).toBeInTheDocument();

    await userEvent.click(within(form).getByLabelText('Top up automatically when the balance runs low'));
    await userEvent.click(within(form).getByRole('button', { name: 'Save auto top-up' }));
    expect(await within(form).findByText('Auto top-up turned off.')).toBeInTheDocument();
    expect(api.callsTo(WALLET).map((c) => c.body)).toEqual([
      { autoTopUp: { threshold: 1000, amount: 5050 } },
      { autoTopUp: null },
    ]);
  });

  it('says when the overview cannot be loaded, and tries again', async () => {
    let fail = true;
    const api = billingPageApi({
      ...reads,
      [OVERVIEW]: () => (fail ? json(500, {}) : json(200, overviewFixture())),
    });
    renderApp(path, api.fetch);
    expect(await screen.findByText('The overview could not be loaded')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Overview' })).toBeInTheDocument();
  });
});
