import type { BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, ownerOfNewProject, type ApiAnswer } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * Issue 22 in Chromium, the part built so far: a shop owner connects the sandbox payment account,
 * orders arrive through the intake with a project API key (one whose card is declined once), the
 * owner sees them, retries the failed payment, fulfils an order to complete with a tracking number,
 * finds the big spender by lifetime value, and exports the orders to a CSV they download.
 */
describe('the storefront: payment account, orders, fulfilment, customers and export', () => {
  const world = useConsoleWorld();
  let base: string;
  let owner: BrowserContext;
  let page: Page;
  let projectId: string;
  let q: string;
  /** The order numbers the intake gave: paid at once, declined once, the second customer's. */
  const numbers = { paid: 0, declined: 0, big: 0 };
  let placeOrder: (body: unknown) => Promise<ApiAnswer>;

  const ok = async (answer: Promise<ApiAnswer>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body!;
  };
  const address = (name: string) => ({
    name,
    line1: '12 St James Square',
    city: 'London',
    postalCode: 'SW1Y 4JH',
    country: 'GB',
  });
  const ada = { email: 'ada.buyer@example.com', name: 'Ada Lovelace' };
  const grace = { email: 'grace.buyer@example.com', name: 'Grace Hopper' };
  const anOrder = (customer: typeof ada, paymentMethod: string, items: unknown[]) => ({
    customer,
    currency: 'GBP',
    items,
    shipping: 495,
    shippingAddress: address(customer.name),
    payment: { method: 'card', paymentMethod },
  });
  const mugs = [
    { sku: 'MUG-1', name: 'Harbour mug', quantity: 2, unitPrice: 1250 },
    { sku: 'TEE-M', name: 'Anchor tee', variant: 'M', quantity: 1, unitPrice: 2000 },
  ];
  const anchor = [{ sku: 'ANCHOR-XL', name: 'Brass anchor', quantity: 1, unitPrice: 24_000 }];

  const orderRow = (number: number) =>
    page
      .getByRole('group', { name: 'Orders, newest first' })
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: `Order #${number}`, exact: true }) });
  /** The order page's heading line, where its status badges sit. */
  const orderHeader = (number: number) =>
    page.getByRole('heading', { name: `Order #${number}`, exact: true }).locator('..');

  beforeAll(async () => {
    base = world.server.baseUrl;
    ({
      person: owner,
      projectId,
      page,
    } = await ownerOfNewProject(world.browser, base, 'shop.owner@example.com', {
      name: 'Harbour Shop',
      organisationName: 'Harbour Co',
    }));
    q = `?project=${projectId}`;
    for (const module of ['orders', 'customers', 'platform', 'drive'])
      await ok(apiAs(base, owner, 'POST', `/v1/projects/${projectId}/integrations/${module}`));

    const platform = await fetch(`${base}/omnis/v3/platform${q}`);
    expect(platform.status).toBe(200);
    const platformId = ((await platform.json()) as { id: string }).id;
    const key = (await ok(
      apiAs(base, owner, 'POST', `/v1/projects/${projectId}/auth`, {
        name: 'Storefront',
        permissions: ['orders.create'],
      }),
    )) as { secret: string };
    placeOrder = async (body) => {
      const res = await fetch(`${base}/v1/platform/${platformId}/orders${q}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
  }, 120_000);

  // What the page showed when a step failed, for whoever reads the failure.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.slice(0, 40).replace(/\W+/g, '-');
    await page?.screenshot({ path: `${tmpdir()}/wharf-e2e-storefront-${name}.png`, fullPage: true }).catch(() => {});
  });

  it('connects the sandbox payment account: the connect flow comes back to the page, which says so', async () => {
    await page.goto(`${base}/platform/payment${q}`);
    await page.getByRole('heading', { name: 'Not connected' }).waitFor();
    await page.getByRole('button', { name: 'Connect payment account' }).click();
    // The sandbox's "consent page" is this page again, with a code and a state it hands to the server.
    await page.getByText('Your payment account is connected.').waitFor();
    await page.getByRole('heading', { name: 'Connected', exact: true }).waitFor();
    await page.getByText('Sandbox (test payments)').first().waitFor();
    // The code and state are taken out of the address once used.
    await eventually(async () => new URL(page.url()).search).toBe(q);
  });

  it('takes three orders through the intake with an API key; one card is declined at first', async () => {
    const paid = await placeOrder(anOrder(ada, 'pm_card_visa', mugs));
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'paid', paymentFailed: false, total: 4995 });
    const declined = await placeOrder(anOrder(ada, 'pm_card_declinedOnce', mugs));
    expect(declined.status).toBe(201);
    expect(declined.body).toMatchObject({ status: 'new', paymentFailed: true });
    const big = await placeOrder(anOrder(grace, 'pm_card_visa', anchor));
    expect(big.status).toBe(201);
    expect(big.body).toMatchObject({ status: 'paid', total: 24_495 });
    numbers.paid = paid.body!.number as number;
    numbers.declined = declined.body!.number as number;
    numbers.big = big.body!.number as number;
    expect(new Set(Object.values(numbers)).size).toBe(3);
  });

  it('lists the orders with their statuses and the failed payment marked', async () => {
    await page.goto(`${base}/platform/orders${q}`);
    for (const number of Object.values(numbers)) await orderRow(number).waitFor();
    await orderRow(numbers.declined).getByText('Payment failed').waitFor();
    await orderRow(numbers.declined).getByText('New', { exact: true }).waitFor();
    expect(await orderRow(numbers.paid).getByText('Payment failed').count()).toBe(0);
    await orderRow(numbers.paid).getByText('Paid', { exact: true }).waitFor();
    await orderRow(numbers.big).getByText('Grace Hopper').waitFor();
    await orderRow(numbers.big).getByText('£244.95').waitFor();
  });

  it('retries the failed payment from the order: it goes through and the order is paid', async () => {
    await orderRow(numbers.declined)
      .getByRole('link', { name: `Order #${numbers.declined}` })
      .click();
    const header = orderHeader(numbers.declined);
    await header.getByText('Payment failed').waitFor();
    const payments = page.getByRole('list', { name: 'Payments' });
    await payments.getByRole('listitem').filter({ hasText: 'Attempt 1' }).getByText('Failed').waitFor();
    await page.getByRole('button', { name: 'Retry payment' }).click();
    await page.getByText('The payment went through.').waitFor();
    await header.getByText('Paid', { exact: true }).waitFor();
    await payments.getByRole('listitem').filter({ hasText: 'Attempt 2' }).getByText('Succeeded').waitFor();
    await eventually(() => header.getByText('Payment failed').count()).toBe(0);
    // Its last payment succeeded: nothing more to retry.
    expect(await page.getByRole('button', { name: 'Retry payment' }).count()).toBe(0);
  });

  it('fulfils a paid order: processing, then shipped with a carrier and tracking number, and complete', async () => {
    await page.goto(`${base}/platform/orders${q}`);
    await orderRow(numbers.paid)
      .getByRole('link', { name: `Order #${numbers.paid}` })
      .click();
    const header = orderHeader(numbers.paid);
    await header.getByText('Paid', { exact: true }).waitFor();

    const form = () => page.getByRole('form', { name: 'Edit fulfilment 1' });
    await form().getByLabel('Status').selectOption('processing');
    await form().getByRole('button', { name: 'Save' }).click();
    await header.getByText('Processing', { exact: true }).waitFor();

    await form().getByLabel('Status').selectOption('shipped');
    await form().getByLabel('Carrier').fill('Royal Mail');
    await form().getByLabel('Tracking number').fill('RM123456785GB');
    await form().getByRole('button', { name: 'Save' }).click();
    await header.getByText('Complete', { exact: true }).waitFor();

    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText(/tracking Royal Mail RM123456785GB/).waitFor();
    await timeline.getByText(`Order #${numbers.paid} is now complete.`).waitFor();
    await eventually(() => form().getByLabel('Tracking number').inputValue()).toBe('RM123456785GB');
    await eventually(() => form().getByLabel('Carrier').inputValue()).toBe('Royal Mail');
  });

  it('finds the customer who spent the most by lifetime value, and opens them', async () => {
    await page.goto(`${base}/platform/customers${q}`);
    const table = page.getByRole('group', { name: 'Customers', exact: true });
    await table.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await table.getByRole('link', { name: 'Grace Hopper' }).waitFor();

    // Ada has two paid orders of £49.95; Grace one of £244.95.
    await page.getByLabel('Lifetime value: comparison').selectOption('gte');
    await page.getByLabel(/^Lifetime value: value/).fill('200');
    await eventually(() => table.getByRole('link', { name: 'Ada Lovelace' }).count()).toBe(0);
    await eventually(() => table.locator('tbody').getByRole('row').count()).toBe(1);
    const row = table.getByRole('row').filter({ hasText: 'Grace Hopper' });
    await row.getByText('£244.95').waitFor();

    await table.getByRole('link', { name: 'Grace Hopper' }).click();
    await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
    const figures = page.getByRole('definition');
    await figures.getByText('£244.95').first().waitFor();
    await page
      .getByRole('group', { name: 'Orders of Grace Hopper, newest first' })
      .getByRole('link', { name: `Order #${numbers.big}`, exact: true })
      .waitFor();
  });

  it('exports the orders from a start date, shows the progress finish, and downloads the CSV', async () => {
    await page.goto(`${base}/platform/orders${q}`);
    await orderRow(numbers.big).waitFor();
    // The start of the range: yesterday, where the browser is.
    const yesterday = await page.evaluate(() => {
      const d = new Date();
      d.setDate(d.getDate() - 1);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
    });
    await page.getByLabel('From', { exact: true }).fill(yesterday);
    await orderRow(numbers.big).waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page.getByText(/is ready \(3 rows\)\./).waitFor({ timeout: 30_000 });
    await eventually(() => page.getByRole('progressbar', { name: 'Export of orders' }).count()).toBe(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(4);
    for (const number of Object.values(numbers))
      expect(lines.some((line) => new RegExp(`(^|,)"?#?${number}"?,`).test(line))).toBe(true);
    expect(csv).toContain('grace.buyer@example.com');
  });
});
