import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { memberWithRole, type Caller } from '../../test/billing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { notificationsOfProject } from '../notifications/testing.js';
import { CredentialCipher, credentialsBinding } from './credentials.js';
import { fakeModules, hookCalls } from '../../test/fake-modules.js';
import { projectIntegrations } from './schema.js';

/** Answers the fake connector's status call: 200 for the right key, 401 otherwise. */
function fakeProvider(): Promise<Server> {
  const server = createServer((req, res) => {
    res.statusCode = req.headers.authorization === 'Bearer right-key-123' ? 200 : 401;
    res.end('{}');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Accepts connections and never answers: Test connection must give up on its own. */
function silentProvider(): Promise<Server> {
  const server = createServer(() => undefined);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;
const close = (server: Server) => new Promise((resolve) => server.close(resolve));

describe('a project’s modules through their lifecycle', () => {
  let t: TestApp;
  let owner: BearerUser;
  let colleague: Caller;
  let project: string;
  let provider: Server;
  let silent: Server;
  const url = (code = '', suffix = '') => `/v1/projects/${project}/integrations${code ? `/${code}` : ''}${suffix}`;
  const rows = () =>
    t.database.db
      .select()
      .from(projectIntegrations)
      .where(eq(projectIntegrations.projectId, project))
      .orderBy(asc(projectIntegrations.code));
  const installed = async () => (await owner.call('GET', url())).json().map((i: { code: string }) => i.code);
  // In the order written (by time, then id, as the activity feed reads them).
  const auditOf = async (operationId: string) =>
    (await auditEntries(t.database.db, { projectId: project, operationId, result: 'success' }))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((e) => ({ target: e.target, details: e.details }));

  beforeAll(async () => {
    t = await createStartedTestApp({ deps: { integrations: { registry: fakeModules, connectionTimeoutMs: 300 } } });
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner)).id;
    colleague = await memberWithRole(t, project, 'colleague@example.com', 'viewer');
    provider = await fakeProvider();
    silent = await silentProvider();
  });
  afterAll(async () => {
    await Promise.all([close(provider), close(silent)]);
    await t.close();
  });
  beforeEach(() => {
    hookCalls.length = 0;
    t.clock.advance(1000);
  });

  it('installs the dependencies first, each audited and notified, then the module with its defaults', async () => {
    const res = await owner.call('POST', url('wooCommerceApp'), {});
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      code: 'wooCommerceApp',
      setupAt: null,
      uninstalledAt: null,
      hasCredentials: false,
    });
    expect(hookCalls).toEqual(['install:core', 'install:products', 'install:wooCommerce', 'install:wooCommerceApp']);
    // One request's entries share its time: the hooks above give the order, the entries the facts.
    const entries = (await auditOf('installIntegration')).map((a) => [a.target, a.details]);
    expect(entries.sort((a, b) => String(a[0]).localeCompare(String(b[0])))).toEqual([
      ['integration:core', { revived: false, dependencyOf: 'wooCommerceApp' }],
      ['integration:products', { revived: false, dependencyOf: 'wooCommerceApp' }],
      ['integration:wooCommerce', { revived: false, dependencyOf: 'wooCommerceApp' }],
      ['integration:wooCommerceApp', { revived: false }],
    ]);
    expect((await rows()).find((r) => r.code === 'wooCommerce')!.config).toEqual({
      storeName: 'My store',
      syncMinutes: 15,
    });
    // The colleague hears of it; the owner, who did it, does not.
    const told = await notificationsOfProject(t.database.db, project);
    expect(told.filter((n) => n.userId !== owner.user.id).map((n) => n.title)).toEqual([
      'Core installed',
      'Products installed',
      'WooCommerce installed',
      'WooCommerce app installed',
    ]);
    expect(told.some((n) => n.userId === owner.user.id)).toBe(false);
    // The project answers with its modules.
    expect((await owner.call('GET', `/v1/projects/${project}`)).json().integrations).toEqual([
      { code: 'core' },
      { code: 'products' },
      { code: 'wooCommerce' },
      { code: 'wooCommerceApp' },
    ]);
  });

  it('refuses to install an installed module, and an unknown code in SPEC.md’s words', async () => {
    const again = await owner.call('POST', url('core'), {});
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: 'INTEGRATION_ALREADY_INSTALLED', message: 'Core is already installed.' });
    const unknown = await owner.call('POST', url('teleporter'), {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'INTEGRATION_NOT_FOUND', message: 'Integration teleporter not found' });
  });

  it('refuses to uninstall a module others need, naming them', async () => {
    const res = await owner.call('DELETE', url('wooCommerce'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'INTEGRATION_REQUIRED',
      message: 'WooCommerce app needs WooCommerce: uninstall it first.',
    });
    await owner.call('POST', url('orders'), {});
    const products = await owner.call('DELETE', url('products'));
    expect(products.json().message).toBe('WooCommerce and Orders need Products: uninstall them first.');
    expect(await installed()).toContain('products');
  });

  it('rolls a failed install back whole: no row for the module or its dependency, no success audit', async () => {
    const before = await rows();
    const res = await owner.call('POST', url('faqs'), {});
    expect(res.statusCode).toBe(500);
    expect(await rows()).toEqual(before);
    expect(await auditOf('installIntegration')).not.toContainEqual(
      expect.objectContaining({ target: 'integration:docs' }),
    );
    expect(await installed()).not.toContain('docs');
  });

  it('checks a config against the module’s schema, with its own words', async () => {
    const install = await owner.call('POST', url('docs'), { config: {} });
    expect(install.statusCode).toBe(201);
    const res = await owner.call('PATCH', url('wooCommerce'), { config: { storeName: '', syncMinutes: 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body.config.storeName: Give the store name.',
      errors: [
        { path: 'body.config.storeName', message: 'Give the store name.' },
        { path: 'body.config.syncMinutes', message: 'Sync at most every 5 minutes.' },
      ],
    });
    const merged = await owner.call('PATCH', url('wooCommerce'), { config: { syncMinutes: 30 } });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().config).toEqual({ storeName: 'My store', syncMinutes: 30 });
  });

  it('refuses credentials for a module that is no connector, and bad ones for a connector', async () => {
    const notConnector = await owner.call('PATCH', url('core'), { credentials: { apiKey: 'whatever-key' } });
    expect(notConnector.statusCode).toBe(400);
    expect(notConnector.json().code).toBe('CREDENTIALS_NOT_ACCEPTED');
    const bad = await owner.call('PATCH', url('wooCommerce'), { credentials: { siteUrl: 'nowhere', apiKey: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([
      { path: 'body.credentials.siteUrl', message: 'Give the address of the WooCommerce site.' },
      { path: 'body.credentials.apiKey', message: 'The API key is at least 8 characters.' },
    ]);
  });

  it('stores credentials encrypted, never answers them, and keeps the fields a change leaves out', async () => {
    const siteUrl = `http://127.0.0.1:${portOf(provider)}`;
    const res = await owner.call('PATCH', url('wooCommerce'), { credentials: { siteUrl, apiKey: 'right-key-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().hasCredentials).toBe(true);
    expect(res.body).not.toContain('right-key-123');
    const stored = (await rows()).find((r) => r.code === 'wooCommerce')!.credentials!;
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain('right-key-123');
    const cipher = await CredentialCipher.load(t.database.db);
    expect(cipher.decrypt(stored, credentialsBinding(project, 'wooCommerce'))).toEqual({
      siteUrl,
      apiKey: 'right-key-123',
    });

    const test = await owner.call('POST', url('wooCommerce', '/test'));
    expect(test.json()).toMatchObject({ ok: true, checkedAt: t.clock.now().toISOString() });

    // A new key alone: the stored address stays.
    await owner.call('PATCH', url('wooCommerce'), { credentials: { apiKey: 'wrong-key-456' } });
    const refused = await owner.call('POST', url('wooCommerce', '/test'));
    expect(refused.json()).toMatchObject({ ok: false, message: 'The credentials were refused by WooCommerce.' });
  });

  it('tests a connection that cannot be made with one answer, promptly, whatever the port does', async () => {
    // A port that was just free: nothing listens there now.
    const closed = await fakeProvider();
    const freePort = portOf(closed);
    await close(closed);
    const started = Date.now();
    await owner.call('PATCH', url('wooCommerce'), { credentials: { siteUrl: `http://127.0.0.1:${freePort}` } });
    const refused = await owner.call('POST', url('wooCommerce', '/test'));
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ ok: false, message: 'Could not connect to WooCommerce.' });

    await owner.call('PATCH', url('wooCommerce'), { credentials: { siteUrl: `http://127.0.0.1:${portOf(silent)}` } });
    const hung = await owner.call('POST', url('wooCommerce', '/test'));
    expect(hung.statusCode).toBe(200);
    expect(hung.json()).toMatchObject({ ok: false, message: 'Could not connect to WooCommerce.' });
    // The test app waits 300 ms for a provider (5 s in production).
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('refuses loopback, private and metadata addresses without the allow-list, sending the key nowhere', async () => {
    // An app as deployed: OUTBOUND_ALLOW_HOSTS empty. The provider listens on loopback and counts.
    const deployed = await createStartedTestApp({
      config: { OUTBOUND_ALLOW_HOSTS: '' },
      deps: { integrations: { registry: fakeModules, connectionTimeoutMs: 300 } },
    });
    let reached = 0;
    provider.on('connection', () => (reached += 1));
    try {
      const admin = await bearerUser(deployed, 'scanner@example.com');
      const scanned = (await createProjectAs(admin)).id;
      const path = (suffix = '') => `/v1/projects/${scanned}/integrations/wooCommerce${suffix}`;
      expect((await admin.call('POST', path(), {})).statusCode).toBe(201);
      const closed = await fakeProvider();
      const closedPort = portOf(closed);
      await close(closed);
      const answers = [];
      for (const siteUrl of [
        `http://127.0.0.1:${portOf(provider)}`, // open
        `http://127.0.0.1:${closedPort}`, // closed
        `http://127.0.0.1:${portOf(silent)}`, // silent
        `http://[::ffff:127.0.0.1]:${portOf(provider)}`,
        `http://localhost:${portOf(provider)}`,
        'http://169.254.169.254',
        'http://10.255.255.1',
      ]) {
        await admin.call('PATCH', path(), { credentials: { siteUrl, apiKey: 'right-key-123' } });
        const res = await admin.call('POST', path('/test'));
        answers.push({ status: res.statusCode, ok: res.json().ok, message: res.json().message });
      }
      expect(answers).toEqual(Array(7).fill({ status: 200, ok: false, message: 'Could not connect to WooCommerce.' }));
      expect(reached).toBe(0);
    } finally {
      provider.removeAllListeners('connection');
      await deployed.close();
    }
  });

  it('tests connectors only, and says when there is nothing to test with', async () => {
    const core = await owner.call('POST', url('core', '/test'));
    expect(core.statusCode).toBe(400);
    expect(core.json().code).toBe('NOT_A_CONNECTOR');
    await owner.call('DELETE', url('wooCommerceApp'));
    await owner.call('DELETE', url('wooCommerce'));
    await owner.call('POST', url('wooCommerce'), {});
    // Reinstalled afresh: the old credentials went with the old installation.
    const none = (await owner.call('POST', url('wooCommerce', '/test'))).json();
    expect(none).toMatchObject({
      ok: false,
      message: "Add WooCommerce's credentials first, then test the connection.",
    });
  });

  it('sets a module up, stamping setupAt', async () => {
    const res = await owner.call('POST', url('wooCommerce', '/setup'), { config: { storeName: 'Harbour' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ setupAt: t.clock.now().toISOString(), config: { storeName: 'Harbour' } });
    expect((await auditOf('setupIntegration')).at(-1)).toEqual({
      target: 'integration:wooCommerce',
      details: { config: ['storeName'], credentials: [] },
    });
  });

  it('lists uninstalled modules on request, and revives one installed again', async () => {
    await owner.call('DELETE', url('orders'));
    expect(await installed()).not.toContain('orders');
    const all = (await owner.call('GET', url('', '?withUninstalled=true'))).json();
    expect(all.find((i: { code: string }) => i.code === 'orders').uninstalledAt).toBe(t.clock.now().toISOString());
    expect(hookCalls).toEqual(['uninstall:orders']);

    const gone = await owner.call('GET', url('orders'));
    expect(gone.statusCode).toBe(404);
    const before = (await rows()).find((r) => r.code === 'orders')!;
    t.clock.advance(1000);
    const again = await owner.call('POST', url('orders'), {});
    expect(again.json()).toMatchObject({ uninstalledAt: null, installedAt: t.clock.now().toISOString() });
    expect((await rows()).find((r) => r.code === 'orders')!.id).toBe(before.id);
    expect((await auditOf('installIntegration')).at(-1)!.details).toEqual({ revived: true });
  });

  it('refuses to patch or set up a module that is not installed, in SPEC.md’s words', async () => {
    const words = {
      code: 'INTEGRATION_NOT_INSTALLED',
      message: "Can't patch an integration that hasn't been installed",
    };
    const never = await owner.call('PATCH', url('faqs'), { config: {} });
    expect([never.statusCode, never.json()]).toEqual([409, words]);
    await owner.call('DELETE', url('orders'));
    const uninstalled = await owner.call('POST', url('orders', '/setup'), { config: {} });
    expect([uninstalled.statusCode, uninstalled.json()]).toEqual([409, words]);
  });

  it('lets readers read and only managers change', async () => {
    expect((await colleague.call('GET', url())).statusCode).toBe(200);
    expect((await colleague.call('POST', url('orders'), {})).statusCode).toBe(403);
    expect((await colleague.call('DELETE', url('core'))).statusCode).toBe(403);
  });

  it('keeps each project’s modules its own', async () => {
    const stranger = await bearerUser(t, 'stranger@example.com');
    const theirs = (await createProjectAs(stranger, 'Elsewhere')).id;
    await stranger.call('POST', `/v1/projects/${theirs}/integrations/docs`, {});
    const before = await rows();
    for (const [method, suffix, body] of [
      ['GET', '', undefined],
      ['POST', '/orders', {}],
      ['PATCH', '/wooCommerce', { config: {} }],
      ['DELETE', '/docs', undefined],
      ['POST', '/wooCommerce/test', undefined],
    ] as const) {
      const res = await stranger.call(method, url() + suffix, body);
      expect(res.statusCode).toBe(403);
    }
    expect(await rows()).toEqual(before);
    // Their own install is theirs alone.
    expect(
      (await stranger.call('GET', `/v1/projects/${theirs}/integrations`)).json().map((i: { code: string }) => i.code),
    ).toEqual(['docs']);
    const docsHere = await t.database.db
      .select()
      .from(projectIntegrations)
      .where(and(eq(projectIntegrations.projectId, project), like(projectIntegrations.code, 'docs')));
    expect(docsHere.map((r) => r.uninstalledAt)).toEqual([null]);
  });

  it('installs with no body at all, as the client sends an install without settings', async () => {
    const bare = (await createProjectAs(owner, 'Bare shop')).id;
    const res = await owner.call('POST', `/v1/projects/${bare}/integrations/docs`);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 'docs', uninstalledAt: null });
  });
});
