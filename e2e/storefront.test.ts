import type { BrowserContext, Page } from 'playwright-core';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from '../apps/server/src/test/dns-server.js';
import { apiAs, ownerOfNewProject, type ApiAnswer } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

/**
 * Issue 22 in Chromium: a shop owner connects the sandbox payment account, adds a custom domain and
 * verifies it against a loopback DNS server, orders arrive through the intake with a project API key
 * (one whose card is declined once), the owner sees them, retries the failed payment, fulfils an order
 * to complete with a tracking number, finds the big spender by lifetime value, exports the orders to a
 * CSV they download, refunds an order, answers an enquiry (the reply is in the outbox), and approves
 * one review and rejects another with a reason.
 */
describe('the storefront: payment account, domain, orders, fulfilment, customers, export, enquiries and reviews', () => {
  // Custom domains are verified against this loopback DNS server: no lookup leaves the machine.
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  const world = useConsoleWorld(async () => {
    dns = await startDnsServer();
    return { DNS_SERVERS: dns.address };
  });
  afterAll(() => dns?.close());
  let base: string;
  let owner: BrowserContext;
  let page: Page;
  let projectId: string;
  let q: string;
  /** The order numbers the intake gave: paid at once, declined once, the second customer's. */
  const numbers = { paid: 0, declined: 0, big: 0 };
  let placeOrder: (body: unknown) => Promise<ApiAnswer>;
  /** A call of the storefront's own key (orders, enquiries and reviews in). */
  let storefront: (path: string, body: unknown) => Promise<ApiAnswer>;

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
  /** The order page's number line, where its status badges sit. */
  const orderHeader = (number: number) => page.getByText(`#${number}`, { exact: true }).locator('..');

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
    for (const module of ['orders', 'customers', 'platform', 'drive', 'reviews', 'domains'])
      await ok(apiAs(base, owner, 'POST', `/v1/projects/${projectId}/integrations/${module}`));

    const platform = await fetch(`${base}/omnis/v3/platform${q}`);
    expect(platform.status).toBe(200);
    const platformId = ((await platform.json()) as { id: string }).id;
    const key = (await ok(
      apiAs(base, owner, 'POST', `/v1/projects/${projectId}/auth`, {
        name: 'Storefront',
        permissions: ['orders.create', 'enquiries.create', 'reviews.create'],
      }),
    )) as { secret: string };
    storefront = async (path, body) => {
      const res = await fetch(`${base}/v1/platform/${platformId}${path}${q}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    placeOrder = (body) => storefront('/orders', body);
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

  it('adds a custom domain, shows the TXT record to create, and verifies it once the record exists', async () => {
    await page.goto(`${base}/platform/domains${q}`);
    await page.getByLabel('Domain', { exact: true }).fill('Shop.Harbour.example.');
    await page.getByRole('button', { name: 'Add domain' }).click();
    const card = page.getByRole('listitem', { name: 'shop.harbour.example' });
    await card.getByText('Pending', { exact: true }).waitFor();
    await card.getByText('_wharf.shop.harbour.example').waitFor();
    const value = (await card.getByText(/^wharf-verification=[0-9a-f]+$/).textContent())!;
    // The owner creates the record at their DNS provider (here, the loopback server) and checks.
    dns.setTxt('_wharf.shop.harbour.example', value);
    // A check runs at once on adding; "Check now" is refused for ten seconds after any check, saying so.
    await eventually(async () => {
      if ((await card.getByText('Verified', { exact: true }).count()) > 0) return true;
      await card.getByRole('button', { name: 'Check now' }).click();
      await card
        .getByText('Verified', { exact: true })
        .waitFor({ timeout: 2_000 })
        .catch(() => {});
      return (await card.getByText('Verified', { exact: true }).count()) > 0;
    }).toBe(true);
    // The header's link now opens the project's website on its own domain.
    await eventually(() => page.getByRole('link', { name: 'Open your website' }).getAttribute('href')).toBe(
      'https://shop.harbour.example',
    );
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

  it("refunds an order after confirming the amount: it is refunded and its customer's lifetime value drops", async () => {
    await page.goto(`${base}/platform/orders${q}`);
    await orderRow(numbers.big)
      .getByRole('link', { name: `Order #${numbers.big}` })
      .click();
    const header = orderHeader(numbers.big);
    await header.getByText('Paid', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Refund order' }).click();
    const dialog = page.getByRole('dialog', { name: `Refund order #${numbers.big}?` });
    await dialog.getByText("£244.95 goes back to Grace Hopper's card").waitFor();
    await dialog.getByLabel('Reason (optional)').fill('Too heavy to ship');
    await dialog.getByRole('button', { name: 'Refund £244.95' }).click();
    await header.getByText('Refunded', { exact: true }).waitFor();
    await page
      .getByRole('list', { name: 'Timeline' })
      .getByText(/Reason: Too heavy to ship/)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Refund order' }).count()).toBe(0);

    await page.goto(`${base}/platform/customers${q}`);
    const row = page
      .getByRole('group', { name: 'Customers', exact: true })
      .getByRole('row')
      .filter({ hasText: 'Grace Hopper' });
    await row.getByText('£0.00').waitFor();
  });

  it('answers an enquiry from the inbox: it is read, the reply is logged and mailed to the customer', async () => {
    const sent = await storefront('/customers/enquiries', {
      email: ada.email,
      name: ada.name,
      subject: 'Is the mug dishwasher safe?',
      message: 'Before I order two more.',
    });
    expect(sent.status).toBe(201);
    await page.goto(`${base}/platform/enquiries${q}`);
    const unread = page.getByRole('link', { name: `Unread: Is the mug dishwasher safe?, from ${ada.name}` });
    await unread.click();
    await page.getByText('Before I order two more.').waitFor();
    await page.getByLabel(`Reply to ${ada.name}`).fill('Yes: up to 60 °C. Thank you for asking!');
    await page.getByRole('button', { name: 'Send reply' }).click();
    const log = page.getByRole('list', { name: 'Log' });
    await log.getByText('Yes: up to 60 °C. Thank you for asking!').waitFor();
    const mail = await world.admin.lastMailTo(ada.email, /^Re: Is the mug dishwasher safe\?$/);
    expect(mail.text).toContain('Yes: up to 60 °C. Thank you for asking!');

    await page.goto(`${base}/platform/enquiries${q}`);
    await page.getByRole('link', { name: `Is the mug dishwasher safe?, from ${ada.name}`, exact: true }).waitFor();
  });

  it('moderates reviews: approves one, rejects another with a reason; only the approved one is public', async () => {
    const review = (name: string, rating: number, body: string) =>
      storefront('/reviews', {
        kind: 'product',
        product: { sku: 'MUG-1', name: 'Harbour mug' },
        author: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
        rating,
        body,
      });
    expect((await review('Ada Lovelace', 5, 'Holds a proper amount of tea.')).status).toBe(201);
    expect((await review('Spam Bot', 1, 'Cheap watches at example.invalid')).status).toBe(201);

    await page.goto(`${base}/platform/reviews${q}`);
    await page.getByRole('tab', { name: /Pending/ }).waitFor();
    const good = page.getByRole('article', { name: 'Review by Ada Lovelace' });
    await good.getByRole('button', { name: 'Approve' }).click();
    await eventually(() => good.count()).toBe(0);

    const spam = page.getByRole('article', { name: 'Review by Spam Bot' });
    await spam.getByRole('button', { name: 'Reject' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject review' });
    await dialog.getByLabel('Reason').fill('Advertising, not a review');
    await dialog.getByRole('button', { name: 'Reject review' }).click();
    await eventually(() => spam.count()).toBe(0);

    await page.getByRole('tab', { name: /Rejected/ }).click();
    await page.getByText('Rejected: Advertising, not a review').waitFor();

    const { id: platformId } = (await (await fetch(`${base}/omnis/v3/platform${q}`)).json()) as { id: string };
    const published = (await (await fetch(`${base}/omnis/v3/platform/${platformId}/reviews${q}`)).json()) as {
      items: { body: string }[];
    };
    expect(published.items.map((r) => r.body)).toEqual(['Holds a proper amount of tea.']);
  });
});
