import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiAs, ownerOfNewProject } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const run = promisify(execFile);
const shot = (name: string) => `${tmpdir()}/wharf-e2e-billing-${name}.png`;
const DAY_S = 24 * 3600;

/**
 * Issue 7 in Chromium, with the server's test clock moved from month to month: company details, a
 * sandbox card, a top-up, a module's charges, the month's end, the invoice paid and its PDF read
 * back; then a declining card, a failed invoice that becomes overdue, and Pay now with a good card.
 */
describe('billing, month by month', () => {
  // Sessions must outlive the two months the clock is moved through (the default is 14 days).
  const world = useConsoleWorld({ TEST_CLOCK: 'true', SESSION_TTL_DAYS: '90', JOB_POLL_MS: '200' });
  let base: string;
  let person: BrowserContext;
  let page: Page;
  let projectId: string;

  /** A platform admin's call. */
  const asAdmin = (method: string, path: string, body?: unknown) => world.admin.call(method, path, body);
  const billing = (path: string) => `/v1/billing${path}${path.includes('?') ? '&' : '?'}project=${projectId}`;

  /** Moves the server's clock to `hours` past the start of the next calendar month (UTC). */
  async function toNextMonth(hours = 1): Promise<Date> {
    const { now } = (await asAdmin('POST', billing('/admin/test-clock'), { seconds: 1 })) as { now: string };
    const at = new Date(now);
    const target = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, hours);
    const moved = await asAdmin('POST', billing('/admin/test-clock'), {
      seconds: Math.ceil((target - at.getTime()) / 1000),
    });
    return new Date(moved.now as string);
  }
  /** Runs the invoices of the month that just ended (the scheduler would too; a second run issues nothing). */
  const endMonth = (at: Date) =>
    asAdmin('POST', billing('/admin/invoice-runs'), {
      periodEnd: new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1)).toISOString(),
    });

  async function open(path: string) {
    await page.goto(`${base}${path}${path.includes('?') ? '&' : '?'}project=${projectId}`);
  }
  async function addCard(number: string, makeDefault: boolean) {
    await open('/billing/payment-methods');
    await page.getByRole('button', { name: 'Add a card' }).click();
    if (makeDefault) await page.getByLabel('Make it the default card').check();
    const form = page.getByRole('form', { name: 'Add a card' });
    await form.getByLabel('Card number').fill(number);
    await form.getByLabel('Month').fill('12');
    await form.getByLabel('Year').fill('2040');
    await form.getByLabel('CVC').fill('123');
    await form.getByLabel('Name on card').fill('Nora Harbour');
    await form.getByRole('button', { name: 'Add card' }).click();
    await page.getByText(`•••• ${number.slice(-4)} added.`).waitFor();
  }
  /** Charges raised the way a module raises them: through the billing API with its integration code. */
  async function moduleCharge(amount: number, sourceReference: string, description: string) {
    const answer = await apiAs(base, person, 'POST', billing('/transactions'), {
      type: 'charge',
      amount,
      currency: 'EUR',
      integration: 'gfn',
      sourceReference,
      description,
      confirm: true,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  }
  const invoiceRow = (number: string) => page.getByRole('row').filter({ hasText: number });

  beforeAll(async () => {
    base = world.server.baseUrl;
    ({ person, projectId, page } = await ownerOfNewProject(world.browser, base, 'nora@example.com', {
      name: 'Nora Goods',
      organisationName: 'Nora Trading',
    }));
  });

  it('invoices the month, collects it from the card and gives a PDF with its lines and total', async () => {
    // Until the company is known the dashboard says so, and the card form says so before a card is
    // typed (not after), each with the way to add the details.
    await open('/dashboard/');
    const billingCard = page.getByRole('region', { name: 'Billing' });
    await billingCard.getByText('Company details missing: add them before adding a card.').waitFor();
    expect(await billingCard.getByText('Nothing needs your attention.').count()).toBe(0);
    await open('/billing/payment-methods');
    await page.getByText('Company details are needed first').waitFor();
    expect(await page.getByRole('button', { name: 'Add a card' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Add company details' }).click();
    await page.waitForURL(/\/project\/settings/);

    const company = page.getByRole('form', { name: 'Company details' });
    await company.getByLabel('Legal name').fill('Nora Trading B.V.');
    await company.getByLabel('Address line 1').fill('Keizersgracht 1');
    await company.getByLabel('City').fill('Amsterdam');
    await company.getByLabel('Postal code').fill('1015 CJ');
    await company.getByLabel('Country').fill('NL');
    await company.getByLabel('Billing email').fill('billing@nora.example');
    await company.getByRole('button', { name: 'Save company details' }).click();
    await page.getByText('Company details saved.').waitFor();

    // The platform lets this project run up to €200 of credit.
    await asAdmin('PATCH', billing('/admin'), { creditLimit: 20_000 });
    await addCard('4242 4242 4242 4242', false);
    await expect(page.getByRole('list', { name: 'Payment methods' }).textContent()).resolves.toContain('Default');

    await open('/billing');
    await page.getByLabel('Top-up amount (EUR)').fill('50');
    await page.getByRole('button', { name: 'Top up' }).click();
    await page.getByText('Topped up €50.00.').waitFor();

    await moduleCharge(8_000, 'label-run-1', 'Label printing batch 1');
    await page.reload();
    await page.getByText('-€30.00').first().waitFor();
    await page.screenshot({ path: shot('overview'), fullPage: true });

    // The scheduler may run the month first (it polls every 200 ms): either way one invoice is issued.
    await endMonth(await toNextMonth());

    // Starter's €29 fee and the €80 of labels, 21 % VAT: €131.89, of which the wallet covered €50.
    await open('/billing/invoices');
    const row = invoiceRow('INV-000001');
    await row.waitFor();
    await expect(row.textContent()).resolves.toMatch(/€131\.89.*Paid/);
    await page.getByRole('button', { name: 'Open invoice INV-000001' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText('Label printing batch 1').waitFor();
    await page.screenshot({ path: shot('invoice'), fullPage: true });
    const download = page.waitForEvent('download');
    await detail.getByRole('button', { name: 'Download PDF' }).click();
    const file = await (await download).path();
    const { stdout: text } = await run('pdftotext', ['-layout', file, '-']);
    expect(text).toContain('INV-000001');
    expect(text).toContain('Nora Trading B.V.');
    expect(text).toContain('Label printing batch 1');
    expect(text).toContain('VAT 21%');
    expect(text).toContain('€131.89');
  });

  it(
    'fails the next invoice on a declining card, shows it overdue, and clears it with Pay now',
    { timeout: 180_000 },
    async () => {
      // Stored, then declined at every charge (0002 is declined when added: see payment-methods.test.ts).
      await addCard('4000 0000 0000 0341', true);
      await moduleCharge(2_000, 'label-run-2', 'Label printing batch 2');

      await endMonth(await toNextMonth());
      await open('/billing/invoices');
      await invoiceRow('INV-000002').waitFor();
      // €29 + €20, 21 % VAT: €59.29, all of it owed (the wallet was back at zero).
      await expect(invoiceRow('INV-000002').textContent()).resolves.toMatch(/€59\.29.*Failed/);

      // Past its due date (14 days) it is overdue, and the account says so.
      await asAdmin('POST', billing('/admin/test-clock'), { seconds: 15 * DAY_S });
      await open('/billing');
      await page.getByText('Account has overdue invoices.').first().waitFor();
      await page.screenshot({ path: shot('overdue'), fullPage: true });

      // Back to the good card, then Pay now.
      await open('/billing/payment-methods');
      await page.getByRole('button', { name: 'Make Visa •••• 4242 the default' }).click();
      await expect
        .poll(async () => (await page.getByRole('listitem').filter({ hasText: '4242' }).textContent()) ?? '')
        .toContain('Default');
      await open('/billing/invoices');
      await page.getByRole('button', { name: 'Open invoice INV-000002' }).click();
      const detail = page.getByRole('dialog');
      await detail.getByRole('button', { name: 'Pay €59.29 now' }).click();
      await expect.poll(async () => (await detail.textContent()) ?? '').toMatch(/Paid/);
      await detail.getByRole('button', { name: 'Close' }).click();
      await expect.poll(async () => (await invoiceRow('INV-000002').textContent()) ?? '').toContain('Paid');

      await open('/billing');
      await page.getByRole('heading', { name: 'Billing', level: 1 }).waitFor();
      await page.getByText('Spend this period').waitFor();
      await expect(page.getByText('Account has overdue invoices.').count()).resolves.toBe(0);
    },
  );
});
