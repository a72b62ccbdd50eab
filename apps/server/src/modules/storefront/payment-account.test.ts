import type { PaymentAccount } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMembers } from '../access/testing.js';
import { loadPaymentAccount } from './payment-account-handlers.js';
import { AccountGatewayError, type ConnectedAccount } from './payments/account-gateway.js';
import { SandboxAccountGateway } from './payments/sandbox-account.js';
import { storefrontPaymentAccounts } from './schema.js';

const ACCOUNT = '/v1/platform/payment/stripe';
const AUTHORIZE = `${ACCOUNT}/authorize`;
const DEAUTHORIZE = `${ACCOUNT}/deauthorize`;

/** The sandbox, with a switch to play a provider that cannot be reached. */
class TestSandbox extends SandboxAccountGateway {
  down = false;
  readonly disconnected: string[] = [];

  override async connect(code: string): Promise<ConnectedAccount> {
    if (this.down) throw new AccountGatewayError('down', 'unavailable');
    return super.connect(code);
  }

  override async disconnect(accountId: string): Promise<void> {
    if (this.down) throw new AccountGatewayError('down', 'unavailable');
    this.disconnected.push(accountId);
  }
}

const notConnected: PaymentAccount = {
  connected: false,
  vendor: 'sandbox',
  accountId: null,
  displayName: null,
  country: null,
  defaultCurrency: null,
  chargesEnabled: false,
  connectedAt: null,
};

describe('the payment account over HTTP (sandbox)', () => {
  const gateway = new TestSandbox();
  let t: TestApp;
  /** The project's owner and an admin (both hold storefront.manage), a member (orders.read only), an outsider. */
  let owner: BearerUser;
  let admin: BearerUser;
  let member: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let otherProject: string;

  beforeAll(async () => {
    t = await createStartedTestApp({ deps: { accountGateway: gateway } });
    owner = await bearerUser(t, 'owner@example.com');
    admin = await bearerUser(t, 'admin@example.com');
    member = await bearerUser(t, 'member@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    project = (await createProjectAs(owner, 'Harbour')).id;
    otherProject = (await createProjectAs(owner, 'Lighthouse')).id;
    await addMembers(t.database.db, project, [admin.user.id], 'admin');
    await addMembers(t.database.db, project, [member.user.id]);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  beforeEach(async () => {
    gateway.down = false;
    gateway.disconnected.length = 0;
    await t.database.db.delete(storefrontPaymentAccounts);
  });

  const get = (who: BearerUser, p = project) => who.call('GET', `${ACCOUNT}?project=${p}`);
  /** Starts connecting; answers the sandbox's return address, as the browser would land on it. */
  const authorize = async (who: BearerUser, p = project) => {
    const res = await who.call('GET', `${AUTHORIZE}?project=${p}`);
    expect(res.statusCode, res.body).toBe(200);
    const { url, expiresAt } = res.json() as { url: string; expiresAt: string };
    const back = new URL(url);
    return { back, expiresAt, code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
  };
  const complete = (who: BearerUser, body: { code: string; state: string }, p = project) =>
    who.call('POST', `${AUTHORIZE}?project=${p}`, body);
  const connect = async (who: BearerUser = owner) => {
    const { code, state } = await authorize(who);
    const res = await complete(who, { code, state });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PaymentAccount;
  };
  const rows = () => t.database.db.select().from(storefrontPaymentAccounts);

  it('answers a project without an account as not connected', async () => {
    const res = await get(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(notConnected);
  });

  it('connects through the sandbox: authorize, come back to the console with code and state, complete', async () => {
    const { back, expiresAt, code, state } = await authorize(owner);
    // The sandbox's consent page is the console's own payment page, for this project, within the hour.
    expect(`${back.origin}${back.pathname}`).toBe(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/platform/payment`);
    expect(back.searchParams.get('project')).toBe(project);
    expect(code).toMatch(/^sandbox_[0-9a-f]{32}$/);
    expect(state).toMatch(/^[\w-]+\.[\w-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now().getTime()).toBe(60 * 60 * 1000);

    const res = await complete(owner, { code, state });
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json() as PaymentAccount;
    expect(account).toEqual({
      connected: true,
      vendor: 'sandbox',
      accountId: expect.stringMatching(/^acct_sandbox_[0-9a-f]{16}$/),
      displayName: 'Sandbox shop',
      country: 'GB',
      defaultCurrency: 'GBP',
      chargesEnabled: true,
      connectedAt: t.clock.now().toISOString(),
    });
    expect((await get(member)).json()).toEqual(account);
    const row = await loadPaymentAccount(t.database.db, project);
    expect(row).toMatchObject({ accountId: account.accountId, connectedBy: owner.user.id, vendor: 'sandbox' });
    expect(await loadPaymentAccount(t.database.db, otherProject)).toBeUndefined();

    const audit = await auditEntries(t.database.db, {
      operationId: 'completePaymentAuthorization',
      target: `paymentAccount:${account.accountId}`,
      result: 'success',
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ projectId: project, actorUserId: owner.user.id });
    expect(audit[0]!.details).toMatchObject({ vendor: 'sandbox', replaced: null });
  });

  it('replaces a connected account with another, unlinking the one replaced', async () => {
    const first = await connect(owner);
    const second = await connect(admin);
    expect(second.accountId).not.toBe(first.accountId);
    expect(await rows()).toHaveLength(1);
    expect((await get(owner)).json()).toEqual(second);
    expect(gateway.disconnected).toEqual([first.accountId]);
    const [audit] = await auditEntries(t.database.db, {
      operationId: 'completePaymentAuthorization',
      target: `paymentAccount:${second.accountId}`,
    });
    expect(audit!.details).toMatchObject({ replaced: first.accountId });
  });

  it("refuses a forged, expired, another person's or another project's state, and saves nothing", async () => {
    const expectRefused = async (res: Awaited<ReturnType<typeof complete>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_AUTHORIZATION_STATE',
        message: 'This connection link has expired or was not made for you. Start connecting again.',
      });
      expect(await rows()).toHaveLength(0);
    };
    const { code, state } = await authorize(owner);

    await expectRefused(
      await complete(owner, { code, state: `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` }),
    );
    await expectRefused(await complete(owner, { code, state: 'forged.state' }));
    // Made for the owner: another manager of the same project cannot complete it.
    await expectRefused(await complete(admin, { code, state }));
    // Made for this project: the owner cannot use it for their other project.
    await expectRefused(await complete(owner, { code, state }, otherProject));

    t.clock.advance(60 * 60 * 1000);
    // Bearer tokens last minutes: everyone fetches a fresh one, as the console would.
    for (const who of [owner, admin, member, outsider]) await who.refresh();
    await expectRefused(await complete(owner, { code, state }));

    const failures = await auditEntries(t.database.db, {
      operationId: 'completePaymentAuthorization',
      result: 'failure',
      actorUserId: admin.user.id,
    });
    expect(failures.map((f) => f.details)).toContainEqual({ code: 'INVALID_AUTHORIZATION_STATE' });
  });

  it('refuses a bad code with AUTHORIZATION_CODE_INVALID and an unreachable provider with 502', async () => {
    const { code, state } = await authorize(owner);
    const bad = await complete(owner, { code: 'ac_NotASandboxCode', state });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'AUTHORIZATION_CODE_INVALID' });

    gateway.down = true;
    const down = await complete(owner, { code, state });
    expect(down.statusCode, down.body).toBe(502);
    expect(down.json()).toMatchObject({ code: 'PAYMENT_ACCOUNT_UNAVAILABLE' });
    expect(await rows()).toHaveLength(0);

    // The state is still good within its hour: trying again works.
    gateway.down = false;
    expect((await complete(owner, { code, state })).statusCode).toBe(200);
  });

  it('disconnects: unlinks at the provider, deletes the row and audits; a second time answers not connected', async () => {
    const account = await connect(owner);
    const res = await owner.call('DELETE', `${DEAUTHORIZE}?project=${project}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(notConnected);
    expect(gateway.disconnected).toEqual([account.accountId]);
    expect(await loadPaymentAccount(t.database.db, project)).toBeUndefined();
    expect(
      await auditEntries(t.database.db, {
        operationId: 'deauthorizePaymentAccount',
        target: `paymentAccount:${account.accountId}`,
        result: 'success',
      }),
    ).toHaveLength(1);

    const again = await owner.call('DELETE', `${DEAUTHORIZE}?project=${project}`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(notConnected);
    expect(gateway.disconnected).toHaveLength(1);
    const idle = await auditEntries(t.database.db, {
      operationId: 'deauthorizePaymentAccount',
      projectId: project,
      result: 'success',
    });
    expect(idle).toHaveLength(2);
  });

  it('keeps the account when the provider cannot unlink it, so the shop can try again', async () => {
    const account = await connect(owner);
    gateway.down = true;
    const res = await owner.call('DELETE', `${DEAUTHORIZE}?project=${project}`);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'PAYMENT_ACCOUNT_UNAVAILABLE' });
    expect((await get(owner)).json()).toEqual(account);
  });

  it('leaves the account linked at the provider while another project still uses it', async () => {
    const account = await connect(owner);
    // The same account linked to the owner's other project (Stripe links an account once per platform).
    const [row] = await t.database.db
      .select()
      .from(storefrontPaymentAccounts)
      .where(eq(storefrontPaymentAccounts.projectId, project));
    await t.database.db.insert(storefrontPaymentAccounts).values({ ...row!, projectId: otherProject });

    const res = await owner.call('DELETE', `${DEAUTHORIZE}?project=${project}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(gateway.disconnected).toEqual([]);
    expect((await get(owner, otherProject)).json()).toMatchObject({ connected: true, accountId: account.accountId });
  });

  it('lets only managers of the storefront connect and disconnect: a member gets 403, an outsider too', async () => {
    const { code, state } = await authorize(owner);
    expect((await member.call('GET', `${AUTHORIZE}?project=${project}`)).statusCode).toBe(403);
    expect((await complete(member, { code, state })).statusCode).toBe(403);
    expect((await member.call('DELETE', `${DEAUTHORIZE}?project=${project}`)).statusCode).toBe(403);
    expect((await get(member)).statusCode).toBe(200);

    for (const res of [
      await get(outsider),
      await outsider.call('GET', `${AUTHORIZE}?project=${project}`),
      await complete(outsider, { code, state }),
      await outsider.call('DELETE', `${DEAUTHORIZE}?project=${project}`),
    ]) {
      expect([403, 404]).toContain(res.statusCode);
    }
    expect(await rows()).toHaveLength(0);
  });
});
