import type { BrowserContext, Page } from 'playwright-core';
import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readableMail, startSmtpSink, type SmtpSink } from '../apps/server/src/test/smtp-sink.js';
import { apiAs, bearerFor, ownerOfNewProject, type ApiAnswer } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 30_000, interval: 100 });

/**
 * Issue 23 in Chromium, against a loopback SMTP server the test runs: a shop imports its subscribers
 * from a CSV with a duplicate and a bad address (the report names both), builds a campaign for those
 * who purchased in the last 90 days but are not male and sees the count, sends it — each mail arrives
 * once, personalised, with a working unsubscribe — and a tracked link moves the statistics. A welcome
 * flow mails a new subscriber once they confirm; a server restarted in the middle of a send mails
 * nobody twice.
 */
describe('mail marketing: import, audience, campaign, tracking, unsubscribe, welcome flow, restart', () => {
  let sink: SmtpSink;
  const world = useConsoleWorld(async () => {
    sink = await startSmtpSink();
    return { SMTP_URL: sink.url };
  });
  afterAll(() => sink?.close());
  let base: string;
  let owner: BrowserContext;
  let page: Page;
  let projectId: string;
  let q: string;
  let placeOrder: (customer: { email: string; name: string }) => Promise<void>;
  let campaignId: string;

  const ok = async (answer: Promise<ApiAnswer>) => {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body!;
  };
  const api = (method: string, path: string, body?: unknown) =>
    ok(apiAs(base, owner, method, `${path}${path.includes('?') ? '&' : '?'}project=${projectId}`, body));
  /** What the sink took for `address`, decoded for reading. */
  const mailsTo = (address: string) =>
    sink.received.filter((m) => m.to.includes(address)).map((m) => readableMail(m.data));
  const linkIn = (mail: string, path: string) => {
    const found = new RegExp(`${base.replaceAll('.', '\\.')}${path}\\?token=[A-Za-z0-9_-]+(&amp;url=[^"\\s]+)?`).exec(
      mail,
    );
    if (!found) throw new Error(`no ${path} link in:\n${mail.slice(0, 2000)}`);
    return found[0].replaceAll('&amp;', '&');
  };

  beforeAll(async () => {
    base = world.server.baseUrl;
    ({
      person: owner,
      projectId,
      page,
    } = await ownerOfNewProject(world.browser, base, 'mail.owner@example.com', {
      name: 'Harbour Goods',
      organisationName: 'Harbour Co',
    }));
    q = `?project=${projectId}`;
    for (const module of ['orders', 'customers', 'platform', 'marketing', 'flows'])
      await ok(apiAs(base, owner, 'POST', `/v1/projects/${projectId}/integrations/${module}`));
    // The shop takes orders through its payment account (the sandbox) and its storefront's key.
    await page.goto(`${base}/platform/payment${q}`);
    await page.getByRole('button', { name: 'Connect payment account' }).click();
    await page.getByText('Your payment account is connected.').waitFor();
    const platform = (await (await fetch(`${base}/omnis/v3/platform${q}`)).json()) as { id: string };
    const key = (await ok(
      apiAs(base, owner, 'POST', `/v1/projects/${projectId}/auth`, {
        name: 'Storefront',
        permissions: ['orders.create'],
      }),
    )) as { secret: string };
    placeOrder = async (customer) => {
      const res = await fetch(`${base}/v1/platform/${platform.id}/orders${q}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          customer,
          currency: 'GBP',
          items: [{ sku: 'MUG-1', name: 'Harbour mug', quantity: 1, unitPrice: 1250 }],
          shipping: 495,
          shippingAddress: {
            name: customer.name,
            line1: '1 Quay St',
            city: 'Bristol',
            postalCode: 'BS1 4DJ',
            country: 'GB',
          },
          payment: { method: 'card', paymentMethod: 'pm_card_visa' },
        }),
      });
      expect(res.status).toBe(201);
    };
  }, 120_000);

  // What the page showed when a step failed, for whoever reads the failure.
  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const name = context.task.name.slice(0, 40).replace(/\W+/g, '-');
    await page?.screenshot({ path: `${tmpdir()}/wharf-e2e-mail-${name}.png`, fullPage: true }).catch(() => {});
  });

  it('imports a CSV through the mapping step; the report names the duplicate and the bad address by line', async () => {
    await page.goto(`${base}/marketing/subscribers/import${q}`);
    const csv = [
      'email,name,gender',
      'ada@example.com,Ada Lovelace,female',
      'bob@example.com,Bob Marley,male',
      'cleo@example.com,Cleo Laine,',
      'grace@example.com,Grace Hopper,female',
      'ADA@example.com,Ada Again,female',
      'not-an-address,Nobody,',
    ].join('\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByRole('form', { name: 'Map the columns' }).waitFor();
    await page.getByRole('combobox', { name: 'Name' }).selectOption('1');
    await page.getByRole('combobox', { name: 'Gender' }).selectOption('2');
    await page.getByRole('button', { name: 'Start the import' }).click();
    await page.getByText('The import is done').waitFor({ timeout: 30_000 });
    const problems = page.getByRole('table', { name: 'Problems, by line of the file' });
    const row = (line: number) =>
      problems.getByRole('row').filter({ has: page.getByRole('cell', { name: String(line), exact: true }) });
    await expect.poll(() => row(6).getByText('Duplicate').count()).toBe(1);
    await expect.poll(() => row(7).getByText('not-an-address').count()).toBe(1);
    const figure = (label: string) => page.getByText(label, { exact: true }).locator('xpath=following-sibling::dd');
    expect(await figure('Added').textContent()).toBe('4');
    expect(await figure('Duplicates in the file').textContent()).toBe('1');
  });

  it('builds "purchased in the last 90 days, not male", sees the count, and sends: once each, personalised', async () => {
    // Ada (female), Bob (male) and Cleo (no gender) bought; Grace did not.
    for (const customer of [
      { email: 'ada@example.com', name: 'Ada Lovelace' },
      { email: 'bob@example.com', name: 'Bob Marley' },
      { email: 'cleo@example.com', name: 'Cleo Laine' },
    ])
      await placeOrder(customer);
    await api('POST', '/v1/mail/drafts', {
      name: 'Spring sale',
      subject: 'Spring sale, {{ subscriber.first_name }}',
      markdown: 'Hello {{ subscriber.first_name }}, the [spring sale](https://harbour.example/sale) is on.',
    });

    await page.goto(`${base}/marketing/campaigns${q}`);
    await page.getByRole('button', { name: 'New campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Spring sale');
    await dialog.getByRole('combobox', { name: 'Draft' }).selectOption({ label: 'Spring sale' });
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await page.waitForURL(/\/marketing\/campaigns\/[0-9a-f-]{36}/);
    campaignId = /campaigns\/([0-9a-f-]{36})/.exec(page.url())![1]!;

    await page.getByRole('button', { name: 'Add filter' }).click();
    const first = page.getByRole('listitem', { name: 'Filter 1' });
    expect(await first.getByRole('combobox', { name: 'Filter 1: what' }).inputValue()).toBe('lastPurchased');
    expect(await first.getByRole('combobox', { name: 'Filter 1: when' }).inputValue()).toBe('lte');
    expect(await first.getByRole('spinbutton', { name: 'Filter 1: days' }).inputValue()).toBe('90');
    await page.getByRole('button', { name: 'Add filter' }).click();
    const second = page.getByRole('listitem', { name: 'Filter 2' });
    await second.getByRole('combobox', { name: 'Filter 2: what' }).selectOption({ label: 'Gender' });
    await second.getByRole('combobox', { name: 'Filter 2: include or exclude' }).selectOption({ label: 'Exclude' });
    await second.getByRole('combobox', { name: 'Filter 2: gender' }).selectOption({ label: 'Male' });
    const size = page.getByRole('status', { name: 'Audience size' });
    await expect.poll(() => size.textContent(), { timeout: 15_000 }).toContain('2 subscribers');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Send “Spring sale” to 2 subscribers now?' });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await eventually(async () => (await api('GET', `/v1/mail/campaigns/${campaignId}`)).status).toBe('sent');

    // Once each, personalised, with the one-click unsubscribe headers (RFC 8058); nobody else.
    for (const [address, firstName] of [
      ['ada@example.com', 'Ada'],
      ['cleo@example.com', 'Cleo'],
    ] as const) {
      const mails = mailsTo(address).filter((m) => m.includes('Subject: Spring sale'));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain(`Subject: Spring sale, ${firstName}`);
      expect(mails[0]).toContain(`Hello ${firstName}, the`);
      expect(mails[0]).toMatch(
        /List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/v1\/mail\/subscriptions\/unsubscribe\?token=/,
      );
      expect(mails[0]).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    }
    for (const address of ['bob@example.com', 'grace@example.com'])
      expect(mailsTo(address).filter((m) => m.includes('Subject: Spring sale'))).toHaveLength(0);
  });

  it('a tracked link leads to its page and moves the figures; the visible unsubscribe link works', async () => {
    const [adaMail] = mailsTo('ada@example.com').filter((m) => m.includes('Subject: Spring sale'));
    const click = await fetch(linkIn(adaMail!, '/v1/mail/track/click'), { redirect: 'manual' });
    expect([click.status, click.headers.get('location')]).toEqual([302, 'https://harbour.example/sale']);

    // Cleo follows the footer's link: the page asks first, then unsubscribes.
    const [cleoMail] = mailsTo('cleo@example.com').filter((m) => m.includes('Subject: Spring sale'));
    const visitor = await world.browser.newContext();
    const tab = await visitor.newPage();
    await tab.goto(linkIn(cleoMail!, '/mail/unsubscribe'));
    await tab.getByRole('button', { name: 'Unsubscribe' }).click();
    await tab.getByRole('heading', { name: "You're unsubscribed" }).waitFor();
    await visitor.close();
    const cleo = (await api('GET', '/v1/mail/subscribers?search=cleo')) as { items: { status: string }[] };
    expect(cleo.items[0]!.status).toBe('unsubscribed');

    await page.goto(`${base}/marketing/campaigns/${campaignId}${q}`);
    const chart = page.getByRole('img', { name: /^Campaign figures:/ });
    await expect
      .poll(() => chart.getAttribute('aria-label'), { timeout: 15_000 })
      .toMatch(/sent 2, delivered 2, failed 0, opened 1, clicked 1, unsubscribed 1/);
  });

  it('a welcome flow mails a new subscriber when they confirm, and only then', async () => {
    const list = (await api('POST', '/v1/mail/mailing-lists', { name: 'Newsletter', optIn: 'double' })) as {
      id: string;
    };
    const welcome = (await api('POST', '/v1/mail/drafts', {
      name: 'Welcome',
      subject: 'Welcome aboard, {{ subscriber.first_name }}',
      markdown: 'Glad to have you, {{ subscriber.first_name }}.',
    })) as { id: string };
    const flow = (await api('POST', '/v1/flows', {
      name: 'Welcome series',
      trigger: { kind: 'joinedList', listId: list.id },
      steps: [{ id: 'welcome', kind: 'send', draftId: welcome.id }],
    })) as { id: string };
    await api('POST', `/v1/flows/${flow.id}/draft/publish`);

    await api('POST', '/v1/mail/subscribers', { email: 'dora@example.com', name: 'Dora Maar', lists: [list.id] });
    await eventually(async () => mailsTo('dora@example.com').length).toBe(1);
    expect(mailsTo('dora@example.com')[0]).not.toContain('Welcome aboard');

    const visitor = await world.browser.newContext();
    const tab = await visitor.newPage();
    await tab.goto(linkIn(mailsTo('dora@example.com')[0]!, '/mail/confirm'));
    await tab.getByRole('heading', { name: "You're subscribed to Harbour Goods" }).waitFor();
    await visitor.close();
    await eventually(
      async () => mailsTo('dora@example.com').filter((m) => m.includes('Welcome aboard, Dora')).length,
    ).toBe(1);

    // The flow page shows the run finished.
    await page.goto(`${base}/flows/${flow.id}${q}`);
    const completed = page.getByText('Completed', { exact: true }).locator('xpath=following-sibling::dd');
    await expect.poll(() => completed.textContent(), { timeout: 15_000 }).toBe('1');
  });

  it('mails nobody twice when the server restarts in the middle of a send', async () => {
    const count = 1_200;
    const csv = ['email,name', ...Array.from({ length: count }, (_, i) => `bulk${i}@example.com,Bulk ${i}`)].join('\n');
    const list = (await api('POST', '/v1/mail/mailing-lists', { name: 'Bulk' })) as { id: string };
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'bulk.csv');
    const bearer = await bearerFor(base, owner);
    const uploaded = await fetch(`${base}/v1/mail/subscribers/import${q}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { id: importId } = (await uploaded.json()) as { id: string };
    await api('POST', `/v1/mail/subscribers/imports/${importId}/start`, {
      mapping: { email: 0, name: 1 },
      lists: [list.id],
    });
    await eventually(
      async () => ((await api('GET', `/v1/mail/subscribers/imports/${importId}`)) as { status: string }).status,
    ).toBe('done');

    const draft = (await api('POST', '/v1/mail/drafts', { name: 'Bulk', subject: 'Bulk letter', markdown: 'Hi.' })) as {
      id: string;
    };
    const campaign = (await api('POST', '/v1/mail/campaigns', {
      name: 'Bulk letter',
      draftId: draft.id,
      audience: { lists: [list.id] },
    })) as { id: string };
    // The relay takes 100 mails, then stops answering: the server restarts with a batch in flight.
    sink.holdAfter(100);
    await api('POST', `/v1/mail/campaigns/${campaign.id}/send`);
    const bulk = () => sink.received.filter((m) => m.to[0]!.startsWith('bulk'));
    await eventually(async () => bulk().length).toBe(100);
    const restarted = world.server.restart();
    sink.release();
    await restarted;

    await eventually(
      async () => ((await api('GET', `/v1/mail/campaigns/${campaign.id}`)) as { status: string }).status,
    ).toBe('sent');
    const addresses = bulk().map((m) => m.to[0]!);
    expect(new Set(addresses).size).toBe(addresses.length);
    const { stats } = (await api('GET', `/v1/mail/campaigns/${campaign.id}`)) as {
      stats: { recipients: number; sent: number; delivered: number; failed: number };
    };
    expect(stats.recipients).toBe(count);
    expect(stats.sent).toBe(count);
    expect(stats.delivered + stats.failed).toBe(count);
    expect(stats.delivered).toBe(addresses.length);
  });
});
