import { tmpdir } from 'node:os';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn } from './support/admin.js';
import { accountCall, apiAs, registered, signedInWith } from './support/people.js';
import { useConsoleWorld } from './support/world.js';

/**
 * The console's route table, the one the router is built from (apps/web/src/app/routes.tsx). Loaded
 * at run time: the e2e tests are type-checked without JSX, and only these fields are read.
 */
const ROUTES_MODULE = '../apps/web/src/app/routes.tsx';
interface RouteEntry {
  path: string;
  staticData: { name: string; user: boolean; project: 'always' | 'sometimes' | 'never' };
}
const loadRouteTable = async () => ((await import(ROUTES_MODULE)) as { routeTable: readonly RouteEntry[] }).routeTable;

const shot = (name: string) => `${tmpdir()}/wharf-e2e-phone-${name}.png`;
const PHONE = { width: 375, height: 812 };
const MODULE = 'googleAnalytics';
const TUTORIAL = 'invite-your-team';

/**
 * Issue 17 ("What a new user trips over", 2 and 4): every route of the console's route table, at
 * 375 px, with data in its lists, must not scroll sideways; and a member whose role holds none of
 * billing, modules or members sees what they can use rather than a dashboard of refusals.
 */
describe('the console on a phone', () => {
  // The clock moves a month on, so that an invoice is issued; sessions outlive it.
  const world = useConsoleWorld({ TEST_CLOCK: 'true', SESSION_TTL_DAYS: '90' });
  let base: string;
  let owner: BrowserContext;
  let member: BrowserContext;
  let admin: BrowserContext;
  let visitor: BrowserContext;
  let projectId: string;
  let inviteLink: string;

  const api = (method: string, path: string, body?: unknown) => apiAs(base, owner, method, path, body);
  async function ok(answer: Promise<{ status: number; body: Record<string, unknown> | null }>) {
    const { status, body } = await answer;
    if (status >= 300) throw new Error(`${status}: ${JSON.stringify(body)}`);
    return body!;
  }
  const billing = (path: string) => `/v1/billing${path}${path.includes('?') ? '&' : '?'}project=${projectId}`;

  /** Everything a list of the console can show: members, invites, keys, bookmarks, money, a module. */
  async function seed() {
    const asAdmin = world.admin.call;
    const created = await ok(api('POST', '/v1/projects', { name: 'Harbour Goods', organisationName: 'Harbour Co' }));
    projectId = created.id as string;

    // A member (who accepts an invitation) and a pending invitation.
    member = await registered(world.browser, base, 'mia@example.com');
    await ok(api('POST', `/v1/projects/${projectId}/invites`, { email: 'mia@example.com', role: 'member' }));
    const invitation = await world.admin.lastMailTo('mia@example.com', /Join Harbour Goods/);
    const tab = await member.newPage();
    await tab.goto(linkIn(invitation, '/accept-invite'));
    await tab.getByText("You've joined Harbour Goods as member.").waitFor();
    await tab.close();
    await ok(
      api('POST', `/v1/projects/${projectId}/invites`, {
        email: 'noah.longname-harbourmaster@example.com',
        role: 'admin',
      }),
    );
    inviteLink = linkIn(
      await world.admin.lastMailTo('noah.longname-harbourmaster@example.com', /Join/),
      '/accept-invite',
    );

    // API keys, bookmarks, a module (with its dependencies), notifications, a tutorial.
    for (const name of ['Warehouse sync', 'Nightly label export with a rather long name']) {
      await ok(api('POST', `/v1/projects/${projectId}/auth`, { name, permissions: ['projects.read', 'billing.read'] }));
    }
    for (const title of ['Carrier portal', 'Supplier price list for the autumn season']) {
      await ok(
        api('POST', `/v1/projects/${projectId}/bookmarks`, { title, data: { url: 'https://example.com/a/long/path' } }),
      );
    }
    await ok(api('POST', `/v1/projects/${projectId}/integrations/${MODULE}`));
    const me = await ok(accountCall(base, owner, 'GET', '/omnis/v3/dashboard/user'));
    for (const title of ['Stock count due', 'A notification with a title long enough to wrap on a phone']) {
      await asAdmin('POST', '/v1/admin/notifications', { userId: me.id, title, body: 'Count the shelves in aisle 4.' });
    }
    await asAdmin('POST', '/v1/blog/blogs', {
      title: 'Invite your team',
      content: '<p>Open Users, then Invites.</p>',
      category: 'tutorial',
      type: 'parent-platform',
      visibility: 'published',
    });

    // Billing: company details, a card, credit, charges with long references, a month ended
    // (an invoice), and a summary of it.
    await ok(
      api('PATCH', billing('/billing'), {
        company: {
          legalName: 'Harbour Goods B.V.',
          address: { line1: 'Kade 1', city: 'Amsterdam', postalCode: '1011 AA', country: 'NL' },
          billingEmail: 'billing@harbour.example',
        },
      }),
    );
    await asAdmin('PATCH', billing('/admin'), { creditLimit: 50_000 });
    await ok(
      api('POST', billing('/payment-methods'), {
        number: '4242 4242 4242 4242',
        expMonth: 12,
        expYear: 2040,
        cvc: '123',
        holderName: 'Olivia Harbour',
      }),
    );
    for (const [i, amount] of [1_250, 8_000, 420].entries()) {
      await ok(
        api('POST', billing('/transactions'), {
          type: 'charge',
          amount,
          currency: 'EUR',
          integration: 'gfn',
          sourceReference: `label-run-2026-11-batch-${i}-with-a-long-reference`,
          description: `Label printing batch ${i} for the autumn season`,
          confirm: i !== 2,
        }),
      );
    }
    const { now } = (await asAdmin('POST', billing('/admin/test-clock'), { seconds: 1 })) as { now: string };
    const at = new Date(now);
    const monthStart = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1);
    const nextMonth = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1, 1);
    await asAdmin('POST', billing('/admin/test-clock'), { seconds: Math.ceil((nextMonth - at.getTime()) / 1000) });
    const periodEnd = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1)).toISOString();
    await asAdmin('POST', billing('/admin/invoice-runs'), { periodEnd });
    await ok(api('POST', billing('/summaries'), { periodStart: new Date(monthStart).toISOString(), periodEnd }));

    // The member's role: the project and its help posts, no billing, modules, members or audit.
    const role = await ok(
      api('POST', `/v1/enforcer/roles?project=${projectId}`, {
        name: 'Packer',
        permissions: ['projects.read', 'blog.read'],
      }),
    );
    const members = await ok(api('GET', `/v1/projects/${projectId}/users?search=mia`));
    const mia = (members.items as { user: { id: string } }[])[0]!.user.id;
    await ok(api('PATCH', `/v1/projects/${projectId}/users/${mia}`, { roles: [role.key as string] }));
  }

  beforeAll(async () => {
    base = world.server.baseUrl;
    owner = await registered(world.browser, base, 'olivia@example.com');
    await seed();
    admin = await signedInWith(world.browser, base, world.admin.session);
    visitor = await world.browser.newContext();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([owner, member, admin, visitor].map((c) => c?.close()));
  });

  /** The page's address for a route of the table, its parameters filled from the seeded data. */
  function addressOf(path: string, project: 'always' | 'sometimes' | 'never'): string {
    if (path.startsWith('/accept-invite/')) return inviteLink;
    const filled = path
      .replace('$blogSlug', TUTORIAL)
      .replace('$projectId', projectId)
      .replace('$code', 'not-a-real-code');
    return `${base}${filled}${project === 'never' ? '' : `?project=${projectId}`}`;
  }

  /** Opens the page at phone width, lets its lists load, and says how far it scrolls sideways. */
  async function sidewaysScroll(context: BrowserContext, url: string): Promise<{ at: string; by: number; page: Page }> {
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(url, { waitUntil: 'networkidle' });
    // Lists show a status while they load; wait for those to go (a page may keep one, so not forever).
    await page
      .waitForFunction(() => !document.querySelector('[role="status"] .animate-spin, [aria-busy="true"]'), null, {
        timeout: 5_000,
      })
      .catch(() => undefined);
    await page.waitForTimeout(150);
    const by = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    return { at: new URL(page.url()).pathname, by, page };
  }

  it('scrolls no route of the console sideways at 375 px, with data in its lists', { timeout: 150_000 }, async () => {
    const routes = [
      ...(await loadRouteTable()).map(({ path, staticData }) => ({
        path,
        name: staticData.name,
        context: staticData.name.startsWith('platform.') ? admin : staticData.user ? owner : visitor,
        url: addressOf(path, staticData.project),
      })),
      // The installed module's own page (features/modules adds its route while it is installed).
      {
        path: `/modules/${MODULE}`,
        name: 'module settings',
        context: owner,
        url: addressOf(`/modules/${MODULE}`, 'always'),
      },
    ];
    expect(routes.length).toBeGreaterThan(40);
    // What proves a list has its rows, so that the widths measured are those of a console in use.
    const rows: Record<string, string> = {
      '/users': 'mia@example.com',
      '/users/invites': 'noah.longname-harbourmaster@example.com',
      '/users/roles': 'Packer',
      '/developer': 'Nightly label export with a rather long name',
      '/billing/invoices': 'INV-000001',
      '/billing/summaries': 'Nov 1, 2026',
      '/billing/charges': 'Label printing batch 1',
      '/billing/payment-methods': '4242',
      '/admin/mail': 'Join Harbour Goods',
    };
    const overflowing: string[] = [];
    for (const route of routes) {
      const { at, by, page } = await sidewaysScroll(route.context, route.url);
      if (route.context !== visitor) expect(at, `${route.path} sent its user to sign in`).not.toBe('/login');
      const row = rows[route.path];
      if (row) await page.getByText(row).locator('visible=true').first().waitFor({ timeout: 5_000 });
      if (by > 0) {
        overflowing.push(`${route.path} (${route.name}, shown at ${at}): ${by} px wider than the screen`);
        await page.screenshot({ path: shot(route.name), fullPage: true });
      }
      await page.close();
    }

    // The header's panels hold lists too (bookmarks, notifications) and open over any page.
    const { page } = await sidewaysScroll(owner, addressOf('/dashboard/', 'always'));
    for (const panel of ['Bookmarks', 'Notifications', 'Account menu']) {
      await page.getByRole('button', { name: panel }).click();
      await page.getByRole('dialog', { name: panel }).getByRole('listitem').first().waitFor();
      const by = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (by > 0) overflowing.push(`the ${panel} panel: ${by} px wider than the screen`);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: panel }).waitFor({ state: 'detached' });
    }
    await page.close();
    expect(overflowing).toEqual([]);
  });

  it('shows a restricted member what their role can use, and no refusals', async () => {
    const page = await member.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/dashboard/?project=${projectId}`, { waitUntil: 'networkidle' });
    const links = page.getByRole('region', { name: 'Quick links' });
    await links.getByRole('link', { name: 'Support' }).waitFor();
    for (const hidden of ['Billing', 'Modules', 'Team', 'Recent activity']) {
      await expect(page.getByRole('region', { name: hidden }).count()).resolves.toBe(0);
    }
    for (const link of ['Invite people', 'Create an API key', 'Project settings']) {
      await expect(links.getByRole('link', { name: link }).count()).resolves.toBe(0);
    }
    await expect(page.getByText(/permission/i).count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).resolves.toBe(0);
    await page.screenshot({ path: shot('restricted-dashboard'), fullPage: true });

    // Nor does the menu lead to a refusal: every page it offers opens for this role.
    await page.setViewportSize({ width: 1280, height: 900 });
    const menu = page.getByRole('navigation', { name: 'Project' }).getByRole('link', { includeHidden: true });
    const offered = [...new Set(await menu.evaluateAll((links) => links.map((a) => a.getAttribute('href')!)))];
    expect(offered.some((href) => href.startsWith('/users') || href.startsWith('/chat'))).toBe(false);
    for (const href of offered) {
      await page.goto(`${base}${href}`, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await expect(page.getByText(/doesn.t allow this/).count(), href).resolves.toBe(0);
    }
    await page.close();
  });

  it('pictures the dashboards, Charges and Billing on a phone and on a desktop', async () => {
    const views = [
      { name: 'dashboard-owner', context: owner, path: '/dashboard/', ready: 'Recent activity' },
      { name: 'dashboard-restricted', context: member, path: '/dashboard/', ready: 'Quick links' },
      { name: 'charges', context: owner, path: '/billing/charges', ready: 'Transactions' },
      { name: 'billing', context: owner, path: '/billing', ready: undefined },
      { name: 'invites', context: owner, path: '/users/invites', ready: undefined },
      { name: 'users', context: owner, path: '/users', ready: undefined },
      { name: 'module-settings', context: owner, path: `/modules/${MODULE}`, ready: undefined },
    ];
    for (const width of [PHONE.width, 1280]) {
      for (const view of views) {
        const page = await view.context.newPage();
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`${base}${view.path}?project=${projectId}`, { waitUntil: 'networkidle' });
        if (view.ready) await page.getByRole('region', { name: view.ready }).first().waitFor();
        if (view.name === 'charges') {
          // On a phone the table scrolls inside its box, whose right edge fades to say there is more.
          const box = page.getByRole('group', { name: 'Transactions' });
          await page.getByText('Label printing batch 1').first().waitFor();
          const fades = () => box.evaluate((el) => el.hasAttribute('data-fade-end'));
          if (width === PHONE.width) await expect.poll(fades).toBe(true);
          else await expect(fades()).resolves.toBe(false);
        }
        await page.screenshot({ path: shot(`${view.name}-${width}`), fullPage: true });
        await page.close();
      }
    }
  });
});
