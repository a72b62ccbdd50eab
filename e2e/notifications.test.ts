import { tmpdir } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushReceiver, type PushReceiver } from '../apps/server/src/test/push-receiver.js';
import { accountCall, apiAs, registered } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

const shot = (name: string) => `${tmpdir()}/wharf-e2e-notifications-${name}.png`;
const USER_API = '/omnis/v3/dashboard/user';
/** SPEC.md section 9: the poll interval while the page is visible. */
const POLL_MS = 10_000;

/**
 * Issue 6 in Chromium: notifications polled from the server (with the page's clock moved), the
 * notification=true link, the Projects tab, push through our own loopback push service, the terms
 * popup, bookmarks and the basket badge.
 */
describe('the console talks back', () => {
  // The loopback receiver speaks plain http; production endpoints must be https.
  // The loopback push receiver is a local push service: allowed, as a deployment allows its own peers.
  const world = useConsoleWorld({
    PUSH_ALLOW_HTTP: 'true',
    OUTBOUND_ALLOW_HOSTS: '127.0.0.0/8,::1',
    JOB_POLL_MS: '200',
  });
  let base: string;
  let person: BrowserContext;
  let page: Page;
  let userId: string;
  let projectId: string;
  let receiver: PushReceiver;

  /** A platform admin's call. */
  const asAdmin = (method: string, path: string, body?: unknown) => world.admin.call(method, path, body);

  const notify = (body: Record<string, unknown>) => asAdmin('POST', '/v1/admin/notifications', body);
  const bell = () => page.getByRole('button', { name: 'Notifications' });
  const badge = () => page.getByTestId('notification-badge');
  const panel = () => page.getByRole('dialog', { name: 'Notifications' });

  /** The person's notifications as the server holds them. */
  async function serverNotifications(): Promise<{ title: string; readAt: string | null }[]> {
    const answer = await accountCall(base, person, 'GET', `${USER_API}/notifications?pageSize=100`);
    return (answer.body as { items: { title: string; readAt: string | null }[] }).items;
  }

  beforeAll(async () => {
    base = world.server.baseUrl;
    receiver = await startPushReceiver();
    person = await registered(world.browser, base, 'nora@example.com');
    const me = await accountCall(base, person, 'GET', USER_API);
    userId = (me.body as { id: string }).id;
    const project = await apiAs(base, person, 'POST', '/v1/projects', {
      name: 'Nora Goods',
      organisationName: 'Nora Trading',
    });
    projectId = (project.body as { id: string }).id;
    page = await person.newPage();
    // Time flows as usual, and a poll can be brought forward without waiting for it.
    await page.clock.install();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('shows a notification within one poll, shakes the bell, reads on click and keeps deleted ones away', async () => {
    await page.goto(`${base}/dashboard/?project=${projectId}`);
    await bell().waitFor();
    await expect(badge().count()).resolves.toBe(0);

    await notify({
      userId,
      title: 'Stock count due',
      body: 'Count the shelves in aisle 4 before Friday.',
      action: { route: { name: 'project.users.list', params: {}, query: { project: projectId } } },
    });
    await notify({ userId, title: 'Old news' });
    await page.clock.fastForward(POLL_MS);
    await badge().filter({ hasText: '2' }).waitFor();
    await expect(bell().getAttribute('data-shaking')).resolves.not.toBeNull();
    await expect(page.title()).resolves.toMatch(/^\(2\) Dashboard - /);

    await bell().click();
    await panel().getByRole('tab', { name: /^Me/ }).click();
    await panel().getByText('Old news').waitFor();
    await page.screenshot({ path: shot('panel') });
    await panel()
      .getByRole('listitem')
      .filter({ hasText: 'Old news' })
      .getByRole('button', { name: 'Delete notification' })
      .click();
    await panel().getByText('Old news').waitFor({ state: 'detached' });
    // Later polls do not bring it back: the server forgot it.
    await page.clock.fastForward(POLL_MS);
    await page.clock.fastForward(POLL_MS);
    await expect(panel().getByText('Old news').count()).resolves.toBe(0);
    expect((await serverNotifications()).map((n) => n.title)).toEqual(['Stock count due']);

    await panel().getByText('Stock count due').click();
    await page.waitForURL(/\/users/);
    await expect
      .poll(async () => (await serverNotifications()).find((n) => n.title === 'Stock count due')?.readAt)
      .toBeTruthy();
    await page.clock.fastForward(POLL_MS);
    await badge().waitFor({ state: 'detached' });
  });

  it('opens the panel from a notification=true link, leaves the address clean, and counts per project', async () => {
    await notify({ projectId, title: 'Delivery arrived at dock 2' });
    await page.goto(`${base}/dashboard/?project=${projectId}&notification=true`);
    await panel().waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.has('notification')).toBe(false);
    expect(new URL(page.url()).searchParams.get('project')).toBe(projectId);

    await panel().getByText('Delivery arrived at dock 2').waitFor();
    await panel()
      .getByRole('tab', { name: /^Projects/ })
      .click();
    await panel().getByRole('link', { name: 'Nora Goods has 1 notification(s)' }).waitFor();
    await page.screenshot({ path: shot('projects-tab') });

    await panel()
      .getByRole('tab', { name: /^Nora Goods/ })
      .click();
    await panel().getByRole('button', { name: 'Mark all as read' }).click();
    await panel()
      .getByRole('tab', { name: /^Projects/ })
      .click();
    await panel().getByText("You're all caught up").waitFor();
    expect((await serverNotifications()).every((n) => n.readAt !== null)).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('subscribes this browser to pushes and delivers through the push service, decrypted', async () => {
    await asAdmin('PUT', `/v1/admin/users/${userId}/features`, { features: ['alpha'] });
    const subscription = receiver.subscribe();
    // Chromium's own push service is out of reach here: the browser hands out our receiver's
    // subscription instead, and everything from the server onwards is real.
    await person.addInitScript((json) => {
      const fake = { ...json, toJSON: () => json, options: {}, unsubscribe: async () => true };
      PushManager.prototype.getSubscription = async () => null;
      PushManager.prototype.subscribe = async () => fake as unknown as PushSubscription;
    }, subscription);
    await page.goto(`${base}/dashboard/?project=${projectId}`);
    const prompt = page.getByText("Turn on device notifications so you don't miss out on important activity");
    await prompt.waitFor();
    await page.screenshot({ path: shot('push-prompt') });
    await person.grantPermissions(['notifications'], { origin: base });
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Subscribed to real-time notifications').waitFor();

    await notify({ userId, title: 'Pallet shipped', body: 'Tracking 1Z999', push: true });
    await expect.poll(() => receiver.messages(subscription.id).length, { timeout: 20_000 }).toBe(1);
    const [delivered] = receiver.messages(subscription.id);
    expect(delivered!.json).toMatchObject({ title: 'Pallet shipped', body: 'Tracking 1Z999' });
  });

  it('blocks the console with the terms until they are accepted, and again for a new version', async () => {
    const platform = (await (await fetch(`${base}/omnis/v3/platform`)).json()) as { id: string };
    const saveTerms = (version: string) =>
      asAdmin('POST', `/v1/platform/${platform.id}/terms`, {
        title: 'Wharf terms of service',
        content: `<p>Version ${version}: be kind to the warehouse.</p><script>alert(1)</script>`,
        version,
      });
    await saveTerms('2026.1');
    await page.goto(`${base}/dashboard/?project=${projectId}`);
    const terms = page.getByRole('dialog', { name: 'Wharf terms of service' });
    await terms.waitFor();
    await terms.getByText(/^Last updated: \d{2}\/\d{2}\/\d{4}$/).waitFor();
    const accept = terms.getByRole('button', { name: 'Accept' });
    await expect(accept.isDisabled()).resolves.toBe(true);
    await page.keyboard.press('Escape');
    await expect(terms.isVisible()).resolves.toBe(true);
    await page.screenshot({ path: shot('terms') });
    await terms.getByLabel('I have read and agree to the terms and conditions').check();
    await accept.click();
    await page.getByText('Terms and conditions accepted').waitFor();
    await terms.waitFor({ state: 'detached' });

    await page.reload();
    await bell().waitFor();
    await expect(page.getByRole('dialog', { name: 'Wharf terms of service' }).count()).resolves.toBe(0);

    await saveTerms('2026.2');
    await page.reload();
    await page.getByRole('dialog', { name: 'Wharf terms of service' }).getByText('Version 2026.2').waitFor();
    const again = page.getByRole('dialog', { name: 'Wharf terms of service' });
    await again.getByLabel('I have read and agree to the terms and conditions').check();
    await again.getByRole('button', { name: 'Accept' }).click();
    await again.waitFor({ state: 'detached' });
  });

  it('keeps bookmarks across reloads and reorders them', async () => {
    const bookmarks = page.getByRole('button', { name: 'Bookmarks' });
    const bookmarkHere = async (path: string) => {
      await page.goto(`${base}${path}`);
      await bookmarks.click();
      await page.getByRole('button', { name: 'Bookmark this page' }).click();
      await page.getByText('This page is bookmarked').waitFor();
      await page.keyboard.press('Escape');
    };
    await bookmarkHere(`/dashboard/?project=${projectId}`);
    await bookmarkHere(`/users?project=${projectId}`);

    await page.reload();
    await bookmarks.click();
    const list = page.getByRole('dialog', { name: 'Bookmarks' }).getByRole('listitem');
    await list.first().waitFor();
    expect(await list.allTextContents()).toEqual([
      expect.stringContaining('Dashboard'),
      expect.stringContaining('Users'),
    ]);
    await page.screenshot({ path: shot('bookmarks') });

    await page.getByRole('button', { name: 'Actions for Dashboard' }).click();
    await page.getByRole('menuitem', { name: 'Move down' }).click();
    await expect
      .poll(() => list.allTextContents())
      .toEqual([expect.stringContaining('Users'), expect.stringContaining('Dashboard')]);

    await page.reload();
    await bookmarks.click();
    await list.first().waitFor();
    expect(await list.allTextContents()).toEqual([
      expect.stringContaining('Users'),
      expect.stringContaining('Dashboard'),
    ]);
    await page.keyboard.press('Escape');
  });

  it('shows the basket total on its badge, kept per project across reloads and tabs', async () => {
    const basket = page.getByRole('link', { name: /^Basket/ });
    await page.goto(`${base}/dashboard/?project=${projectId}`);
    await expect(basket.getAttribute('aria-label')).resolves.toBe('Basket');

    // Another tab of the console fills the basket; this one follows it.
    const other = await person.newPage();
    await other.goto(`${base}/dashboard/?project=${projectId}`);
    await other.evaluate(
      ([key]) =>
        localStorage.setItem(
          key!,
          JSON.stringify([
            { id: 'crate', quantity: 6, quantityStep: 6 },
            { id: 'tape', quantity: 3 },
          ]),
        ),
      [`wharf.cart.${projectId}`],
    );
    await other.close();
    await page.reload();
    await expect.poll(() => basket.getAttribute('aria-label')).toBe('Basket, 9 items');
    await expect(basket.textContent()).resolves.toContain('9');
    await basket.click();
    await page.waitForURL(/\/resupply\/shop/);
  });
});
