import { eq } from 'drizzle-orm';
import type { Platform, ProjectDomain, ProjectDomainList } from '@wharf/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { deleteJobs } from '../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { platformAdmin, type Caller } from '../../test/billing.js';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMembers } from '../access/testing.js';
import { normalizeDomain } from '../platform/domain-names.js';
import { checkOffset, nextCheckDelay, RECHECK_INTERVAL_MS } from './schedule.js';
import { projectDomains } from './schema.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

describe('domain names as Wharf keeps them', () => {
  it('lower-cases, drops a trailing dot and spells an IDN in punycode', () => {
    expect(normalizeDomain('  Shop.Example.COM. ')).toBe('shop.example.com');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['localhost', 'INVALID_DOMAIN'],
    ['shop', 'INVALID_DOMAIN'],
    ['192.168.1.10', 'INVALID_DOMAIN'],
    ['[::1]', 'INVALID_DOMAIN'],
    ['https://shop.example.com/', 'INVALID_DOMAIN'],
    ['shop..example', 'INVALID_DOMAIN'],
    ['-shop.example', 'INVALID_DOMAIN'],
    ['shop_1.example', 'INVALID_DOMAIN'],
    [`${'a'.repeat(64)}.example`, 'INVALID_DOMAIN'],
    [`${'abcdefghi.'.repeat(26)}example`, 'INVALID_DOMAIN'],
    ['app.localhost', 'INVALID_DOMAIN'],
  ])('refuses %s', (input, code) => {
    expect(() => normalizeDomain(input)).toThrow(expect.objectContaining({ status: 400, code }));
  });

  it("takes a platform's local hosts when asked", () => {
    expect(normalizeDomain('localhost', { local: true })).toBe('localhost');
    expect(normalizeDomain('127.0.0.1', { local: true })).toBe('127.0.0.1');
  });
});

describe('the check schedule', () => {
  it('checks at once, then after 1, 5 and 15 minutes, 1 and 6 hours, then every 12 hours up to 72 hours', () => {
    const offsets = Array.from({ length: 12 }, (_, i) => checkOffset(i + 1));
    expect(offsets).toEqual([
      0,
      MINUTE,
      6 * MINUTE,
      21 * MINUTE,
      81 * MINUTE,
      7 * HOUR + 21 * MINUTE,
      19 * HOUR + 21 * MINUTE,
      31 * HOUR + 21 * MINUTE,
      43 * HOUR + 21 * MINUTE,
      55 * HOUR + 21 * MINUTE,
      67 * HOUR + 21 * MINUTE,
      72 * HOUR,
    ]);
    expect(nextCheckDelay(11)).toBe(4 * HOUR + 39 * MINUTE);
    expect(nextCheckDelay(12)).toBeUndefined();
  });
});

describe('custom domains over HTTP, checked against a loopback DNS server', () => {
  let dns: TestDnsServer;
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let finance: BearerUser;
  let outsider: BearerUser;
  let admin: Caller;
  let project: string;
  let otherProject: string;
  let minted = 0;

  beforeAll(async () => {
    dns = await startDnsServer();
    t = await createStartedTestApp({ config: { DNS_SERVERS: dns.address } });
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    finance = await bearerUser(t, 'finance@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    admin = await platformAdmin(t);
    project = (await createProjectAs(owner, 'Harbour')).id;
    otherProject = (await createProjectAs(owner, 'Lighthouse')).id;
    await addMembers(t.database.db, project, [member.user.id]);
    await addMembers(t.database.db, project, [finance.user.id], 'finance');
    minted = t.clock.now().getTime();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    await dns?.close();
  });

  beforeEach(async () => {
    await t.database.db.delete(projectDomains);
    await deleteJobs(t.database.db, 'domains.check');
    // Past any check's 10-second wait.
    t.clock.advance(11_000);
    // A test that moved the clock by hours left every token expired: fresh ones (a token lasts one hour).
    if (t.clock.now().getTime() - minted > 30 * MINUTE) {
      await Promise.all([owner, member, finance, outsider].map((who) => who.refresh()));
      admin = await platformAdmin(t);
      minted = t.clock.now().getTime();
    }
  });

  const url = (p = project) => `/v1/platform/client/domains?project=${p}`;
  const one = (domain: string, p = project, action = '') =>
    `/v1/platform/client/domains/${encodeURIComponent(domain)}${action}?project=${p}`;
  const add = (domain: string, who: Pick<BearerUser, 'call'> = owner, p = project) =>
    who.call('POST', url(p), { domain });
  const list = async (p = project) => {
    const res = await owner.call('GET', url(p));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProjectDomainList;
  };
  const domainOf = async (domain: string, p = project) => (await list(p)).data.find((d) => d.domain === domain)!;
  const runJobs = () => t.app.services.jobs.runDue();
  const added = async (domain: string, p = project) => {
    const res = await add(domain, owner, p);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ProjectDomain;
  };

  it('adds a domain pending, with the TXT record to create, and checks it at once', async () => {
    const domain = await added('Shop.Example.');
    expect(domain).toMatchObject({
      domain: 'shop.example',
      status: 'pending',
      failure: null,
      record: {
        type: 'TXT',
        name: '_wharf.shop.example',
        value: expect.stringMatching(/^wharf-verification=[0-9a-f]{32}$/),
      },
      lastCheckedAt: null,
      nextCheckAt: t.clock.now().toISOString(),
      verifiedAt: null,
    });
    const [entry] = await auditEntries(t.database.db, { operationId: 'createProjectDomain', projectId: project });
    expect(entry).toMatchObject({ result: 'success', target: 'domain:shop.example' });

    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const checked = await domainOf('shop.example');
    expect(checked).toMatchObject({
      status: 'pending',
      failure: 'No TXT record found at _wharf.shop.example yet.',
      lastCheckedAt: t.clock.now().toISOString(),
      nextCheckAt: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
    });
  });

  it('verifies the domain when the TXT record appears (chunks joined), and names it the Website', async () => {
    const domain = await added('www.harbour.example');
    await runJobs();
    const value = domain.record.value;
    dns.setTxt('_wharf.www.harbour.example', 'v=spf1 -all', [value.slice(0, 20), value.slice(20)]);
    t.clock.advance(MINUTE);
    await runJobs();
    const after = await list();
    expect(after.data[0]).toMatchObject({
      status: 'verified',
      failure: null,
      // Checked again daily (see the recheck test below).
      nextCheckAt: new Date(t.clock.now().getTime() + RECHECK_INTERVAL_MS).toISOString(),
      verifiedAt: t.clock.now().toISOString(),
    });
    expect(after.website).toEqual({
      customDomainName: 'www.harbour.example',
      domainName: `${project.replaceAll('-', '').slice(0, 12)}.localhost`,
    });
    // Verified, it is this project's alone.
    const res = await add('www.harbour.example', owner, otherProject);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'DOMAIN_VERIFIED_ELSEWHERE',
      message: 'Another project already uses www.harbour.example.',
    });
    dns.setTxt('_wharf.www.harbour.example');
  });

  it('says what a wrong record holds', async () => {
    await added('wrong.example');
    dns.setTxt('_wharf.wrong.example', 'wharf-verification=stale');
    await runJobs();
    const domain = await domainOf('wrong.example');
    expect(domain.status).toBe('pending');
    expect(domain.failure).toBe(
      `The TXT record at _wharf.wrong.example holds 'wharf-verification=stale', not '${domain.record.value}'.`,
    );
    dns.setTxt('_wharf.wrong.example');
  });

  it('says the lookup failed when the DNS server does', async () => {
    await added('broken.example');
    dns.failWith('_wharf.broken.example');
    await runJobs();
    expect((await domainOf('broken.example')).failure).toBe('The DNS lookup failed: SERVFAIL');
    dns.failWith('_wharf.broken.example', false);
  });

  it('backs off while no record exists, then fails after 3 days; Check now starts it over', async () => {
    const start = t.clock.now().getTime();
    await added('never.example');
    await runJobs();
    const offsets: number[] = [];
    for (let guard = 0; guard < 20; guard++) {
      const domain = await domainOf('never.example');
      if (domain.status !== 'pending') break;
      const next = new Date(domain.nextCheckAt!).getTime();
      offsets.push(next - start);
      t.clock.advance(next - t.clock.now().getTime());
      await runJobs();
      await owner.refresh(); // hours pass: a token lasts one
    }
    expect(offsets).toEqual(Array.from({ length: 11 }, (_, i) => checkOffset(i + 2)));
    const failed = await domainOf('never.example');
    expect(failed).toMatchObject({
      status: 'failed',
      failure: 'No TXT record found at _wharf.never.example after 3 days.',
      nextCheckAt: null,
    });

    // The record made at last: Check now verifies at once.
    dns.setTxt('_wharf.never.example', failed.record.value);
    t.clock.advance(10_000);
    const res = await owner.call('POST', one('never.example', project, '/check'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'verified', verifiedAt: t.clock.now().toISOString() });
    dns.setTxt('_wharf.never.example');
  });

  it('checks a verified domain daily, and unverifies it once its record is gone at 3 checks in a row', async () => {
    const domain = await added('kept.example');
    dns.setTxt('_wharf.kept.example', domain.record.value);
    await runJobs();
    expect((await domainOf('kept.example')).status).toBe('verified');
    const day = async () => {
      t.clock.advance(RECHECK_INTERVAL_MS);
      await runJobs();
      await owner.refresh(); // a day passes: a token lasts one hour
      return domainOf('kept.example');
    };
    // Gone at one check, back at the next: a blip, and the count of failures starts over.
    dns.setTxt('_wharf.kept.example');
    expect(await day()).toMatchObject({
      status: 'verified',
      failure: 'No TXT record found at _wharf.kept.example. It stays verified unless 3 daily checks in a row fail.',
    });
    dns.setTxt('_wharf.kept.example', domain.record.value);
    expect(await day()).toMatchObject({ status: 'verified', failure: null });

    // Gone for good: the third failed check in a row unverifies it, and the Website no longer names it.
    dns.setTxt('_wharf.kept.example');
    expect((await day()).status).toBe('verified');
    expect((await day()).status).toBe('verified');
    expect(await day()).toMatchObject({
      status: 'failed',
      failure: 'No TXT record found at _wharf.kept.example after 3 days.',
      nextCheckAt: null,
    });
    expect((await list()).website.customDomainName).not.toBe('kept.example');
    // Nothing is checked any more.
    t.clock.advance(RECHECK_INTERVAL_MS);
    await runJobs();
    const [row] = await t.database.db.select().from(projectDomains).where(eq(projectDomains.domain, 'kept.example'));
    expect(row).toMatchObject({ status: 'failed', nextCheckAt: null });
  });

  it('checks a failed domain again on request: pending on a fresh schedule', async () => {
    await added('again.example');
    await runJobs();
    await t.database.db.update(projectDomains).set({ status: 'failed', nextCheckAt: null, checks: 12 });
    t.clock.advance(10_000);
    const res = await owner.call('POST', one('again.example', project, '/check'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pending',
      failure: 'No TXT record found at _wharf.again.example yet.',
      nextCheckAt: new Date(t.clock.now().getTime() + MINUTE).toISOString(),
    });
  });

  it('checks now at most once every 10 seconds per domain, and answers a verified domain as it is', async () => {
    await added('busy.example');
    const first = await owner.call('POST', one('busy.example', project, '/check'));
    expect(first.statusCode, first.body).toBe(200);
    // A pending domain checked by hand keeps its schedule.
    expect(first.json()).toMatchObject({ status: 'pending', nextCheckAt: t.clock.now().toISOString() });
    t.clock.advance(3_000);
    const again = await owner.call('POST', one('busy.example', project, '/check'));
    expect(again.statusCode).toBe(429);
    expect(again.json()).toEqual({
      code: 'DOMAIN_CHECKED_RECENTLY',
      message: 'busy.example was checked a moment ago: try again in 7 seconds.',
    });
    t.clock.advance(7_000);
    dns.setTxt('_wharf.busy.example', (first.json() as ProjectDomain).record.value);
    const later = await owner.call('POST', one('busy.example', project, '/check'));
    expect(later.json()).toMatchObject({ status: 'verified' });
    const verified = await owner.call('POST', one('busy.example', project, '/check'));
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ status: 'verified' });
    dns.setTxt('_wharf.busy.example');
  });

  it('fails the second of two projects verifying one domain', async () => {
    const mine = await added('race.example');
    const theirs = await added('race.example', otherProject);
    dns.setTxt('_wharf.race.example', mine.record.value, theirs.record.value);
    await runJobs();
    const statuses = [await domainOf('race.example'), await domainOf('race.example', otherProject)];
    expect(statuses.map((d) => d.status).sort()).toEqual(['failed', 'verified']);
    expect(statuses.find((d) => d.status === 'failed')!.failure).toBe('Another project already uses race.example.');
    dns.setTxt('_wharf.race.example');
  });

  it('refuses bad input, duplicates and the platform’s own domains', async () => {
    const bad = await add('not a domain');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_DOMAIN');
    const nul = await add('shop\u0000.example');
    expect(nul.statusCode).toBe(400);
    const ip = await add('10.0.0.1');
    expect(ip.json()).toMatchObject({ code: 'INVALID_DOMAIN', message: 'Use a domain name, not an IP address.' });
    await added('twice.example');
    const twice = await add('TWICE.example');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('DOMAIN_EXISTS');

    const platformAdd = await admin.call('POST', `/v1/platform/domains?project=${project}`, {
      domain: 'wharf.example',
    });
    expect(platformAdd.statusCode, platformAdd.body).toBe(201);
    const under = await add('shop.wharf.example');
    expect(under.statusCode).toBe(400);
    expect(under.json().code).toBe('DOMAIN_OF_PLATFORM');
    await admin.call('DELETE', `/v1/platform/domains/wharf.example?project=${project}`);
  });

  it('removes a domain, audited; another project’s domain is not found', async () => {
    await added('gone.example');
    const elsewhere = await owner.call('DELETE', one('gone.example', otherProject));
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('DOMAIN_NOT_FOUND');
    const res = await owner.call('DELETE', one('Gone.Example.'));
    expect(res.statusCode, res.body).toBe(204);
    expect((await list()).data).toEqual([]);
    expect(await auditEntries(t.database.db, { operationId: 'deleteProjectDomain', result: 'success' })).toEqual([
      expect.objectContaining({ projectId: project, target: 'domain:gone.example' }),
    ]);
    // Its waiting check finds nothing and does nothing.
    expect(await runJobs()).toBeGreaterThanOrEqual(1);
    const again = await owner.call('POST', one('gone.example', project, '/check'));
    expect(again.statusCode).toBe(404);
  });

  it('lets members read, not change; finance and outsiders not even read', async () => {
    await added('perm.example');
    expect((await member.call('GET', url())).statusCode).toBe(200);
    expect((await add('member.example', member)).statusCode).toBe(403);
    expect((await member.call('DELETE', one('perm.example'))).statusCode).toBe(403);
    expect((await member.call('POST', one('perm.example', project, '/check'))).statusCode).toBe(403);
    expect((await finance.call('GET', url())).statusCode).toBe(403);
    expect((await outsider.call('GET', url())).statusCode).toBe(403);
    expect((await outsider.call('GET', url(otherProject))).statusCode).toBe(403);
    // The other project's list holds none of this project's domains.
    expect((await list(otherProject)).data).toEqual([]);
  });

  describe('the platform admin’s calls', () => {
    const domainsUrl = (p = project) => `/v1/platform/domains?project=${p}`;

    it('lists, adds and removes platform domains; the last one stays', async () => {
      const listed = await admin.call('GET', domainsUrl());
      expect(listed.json()).toEqual({ data: ['localhost', '127.0.0.1'] });
      const addedDomain = await admin.call('POST', domainsUrl(), { domain: 'Console.Example.' });
      expect(addedDomain.statusCode, addedDomain.body).toBe(201);
      expect(addedDomain.json()).toEqual({ data: ['localhost', '127.0.0.1', 'console.example'] });
      expect((await admin.call('POST', domainsUrl(), { domain: 'console.example' })).json().code).toBe('DOMAIN_TAKEN');
      expect((await admin.call('POST', domainsUrl(), { domain: 'bad domain' })).json().code).toBe('INVALID_DOMAIN');
      const removed = await admin.call('DELETE', `/v1/platform/domains/console.example?project=${project}`);
      expect(removed.json()).toEqual({ data: ['localhost', '127.0.0.1'] });
      expect((await admin.call('DELETE', `/v1/platform/domains/nope.example?project=${project}`)).statusCode).toBe(404);
      await admin.call('DELETE', `/v1/platform/domains/127.0.0.1?project=${project}`);
      const last = await admin.call('DELETE', `/v1/platform/domains/localhost?project=${project}`);
      expect(last.statusCode).toBe(409);
      expect(last.json().code).toBe('LAST_PLATFORM_DOMAIN');
      await admin.call('POST', domainsUrl(), { domain: '127.0.0.1' });
      const audited = await auditEntries(t.database.db, { operationId: 'addPlatformDomain', result: 'success' });
      expect(
        audited.some((e) => e.projectId === project && (e.details as { added?: string }).added === 'console.example'),
      ).toBe(true);
    });

    it('refuses a platform domain a project holds verified', async () => {
      const domain = await added('held.example');
      dns.setTxt('_wharf.held.example', domain.record.value);
      await runJobs();
      const res = await admin.call('POST', domainsUrl(), { domain: 'held.example' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('DOMAIN_TAKEN');
      dns.setTxt('_wharf.held.example');
    });

    it('renames the platform, and /omnis/v3/platform answers the new name at once', async () => {
      const before = await t.app.inject({ method: 'GET', url: '/omnis/v3/platform', headers: { host: 'localhost' } });
      expect(before.json().name).toBe('Wharf');
      const res = await admin.call('PATCH', `/v1/platform?project=${project}`, {
        name: 'Harbour Shops',
        public: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Harbour Shops', public: false });
      const after = await t.app.inject({ method: 'GET', url: '/omnis/v3/platform', headers: { host: 'localhost' } });
      expect(after.json()).toMatchObject({ name: 'Harbour Shops', public: false });
      const settings = await admin.call('GET', `/v1/platform?project=${project}`);
      expect((settings.json() as Platform).name).toBe('Harbour Shops');
      await admin.call('PATCH', `/v1/platform?project=${project}`, { name: 'Wharf', public: true });
    });

    it("works on the request host's platform when no project is named (an admin with no project)", async () => {
      const settings = await admin.call('GET', '/v1/platform');
      expect(settings.statusCode, settings.body).toBe(200);
      expect((settings.json() as Platform).domains).toContain('localhost');
      expect((await admin.call('GET', '/v1/platform/domains')).json()).toEqual({ data: settings.json().domains });

      const renamed = await admin.call('PATCH', '/v1/platform', { name: 'Harbour Shops' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      const seen = await t.app.inject({ method: 'GET', url: '/omnis/v3/platform', headers: { host: 'localhost' } });
      expect(seen.json().name).toBe('Harbour Shops');
      const audited = await auditEntries(t.database.db, { operationId: 'updatePlatform', result: 'success' });
      expect(
        audited.some((e) => e.projectId === null && (e.details as { name?: string }).name === 'Harbour Shops'),
      ).toBe(true);
      // Images come from a project's drive: without a project there is none to take them from.
      const favicon = await admin.call('PATCH', '/v1/platform', { favicon: '9d6f1d2e-8a1b-4c3d-9e8f-0a1b2c3d4e5f' });
      expect(favicon.statusCode).toBe(400);
      expect(favicon.json().code).toBe('PROJECT_REQUIRED');
      expect((await admin.call('GET', '/v1/platform')).json().name).toBe('Harbour Shops');
      expect((await owner.call('GET', '/v1/platform')).statusCode).toBe(403);
      await admin.call('PATCH', '/v1/platform', { name: 'Wharf' });
    });

    it('reorders the domains only as the same set', async () => {
      const res = await admin.call('PATCH', `/v1/platform?project=${project}`, { domains: ['127.0.0.1', 'LOCALHOST'] });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().domains).toEqual(['127.0.0.1', 'localhost']);
      for (const domains of [['127.0.0.1'], ['127.0.0.1', 'localhost', 'extra.example'], ['localhost', 'localhost']]) {
        const refused = await admin.call('PATCH', `/v1/platform?project=${project}`, { domains });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().code).toBe('DOMAINS_NOT_REORDERED');
      }
      await admin.call('PATCH', `/v1/platform?project=${project}`, { domains: ['localhost', '127.0.0.1'] });
    });

    it("takes the favicon and logos from the project's drive, public images only", async () => {
      await installDrive(owner, project);
      await installDrive(owner, otherProject);
      const icon = await uploadAs(t, owner, project, {
        name: 'icon.png',
        type: 'image/png',
        bytes: PIXEL_PNG,
        public: true,
      });
      const secret = await uploadAs(t, owner, project, { name: 'secret.png', type: 'image/png', bytes: PIXEL_PNG });
      const theirs = await uploadAs(t, owner, otherProject, {
        name: 'theirs.png',
        type: 'image/png',
        bytes: PIXEL_PNG,
        public: true,
      });
      const res = await admin.call('PATCH', `/v1/platform?project=${project}`, {
        favicon: icon.id,
        logos: [{ fileId: icon.id, device: 'desktop', theme: 'light' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const url = `/v1/drive/public/${project}/files/${icon.id}?v=${icon.version}`;
      expect(res.json()).toMatchObject({ favicon: url, logos: [{ url, meta: { device: 'desktop', theme: 'light' } }] });
      // Signed-out visitors load it.
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);

      const privateFile = await admin.call('PATCH', `/v1/platform?project=${project}`, { favicon: secret.id });
      expect(privateFile.json().code).toBe('FILE_NOT_PUBLIC');
      const otherFile = await admin.call('PATCH', `/v1/platform?project=${project}`, { favicon: theirs.id });
      expect(otherFile.json().code).toBe('FILE_NOT_FOUND');
      const twice = await admin.call('PATCH', `/v1/platform?project=${project}`, {
        logos: [
          { fileId: icon.id, device: 'mobile', theme: 'dark' },
          { fileId: icon.id, device: 'mobile', theme: 'dark' },
        ],
      });
      expect(twice.statusCode).toBe(400);
      const cleared = await admin.call('PATCH', `/v1/platform?project=${project}`, { favicon: null });
      expect(cleared.json().favicon).toBeNull();
      expect(await auditEntries(t.database.db, { operationId: 'updatePlatform', result: 'success' })).not.toHaveLength(
        0,
      );
    });

    it('refuses people who are not platform administrators, and unknown projects', async () => {
      for (const [method, path, body] of [
        ['GET', domainsUrl(), undefined],
        ['POST', domainsUrl(), { domain: 'mine.example' }],
        ['DELETE', `/v1/platform/domains/localhost?project=${project}`, undefined],
        ['GET', `/v1/platform?project=${project}`, undefined],
        ['PATCH', `/v1/platform?project=${project}`, { name: 'Mine' }],
      ] as const) {
        const res = await owner.call(method, path, body);
        expect(res.statusCode, `${method} ${path}`).toBe(403);
      }
      const unknown = await admin.call('GET', `/v1/platform?project=9d6f1d2e-8a1b-4c3d-9e8f-0a1b2c3d4e5f`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('PROJECT_NOT_FOUND');
      const nul = await admin.call('PATCH', `/v1/platform?project=${project}`, { name: 'Bad\u0000name' });
      expect(nul.statusCode).toBe(400);
    });
  });
});
