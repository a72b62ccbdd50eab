import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, USER_API, type TestBrowser } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { makeAdmin } from '../accounts/testing.js';
import { insertPlatform } from '../platform/testing.js';
import { setProjectPlatform } from '../projects/testing.js';
import { platformTerms } from './schema.js';

interface TermsBody {
  id: string;
  platformId: string;
  version: string;
  title: string;
  content: string;
  updatedAt: string;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('platform terms', () => {
  let t: TestApp;
  let admin: BearerUser;
  let owner: BearerUser;
  let platformId: string;
  let otherPlatformId: string;
  let project: string;
  let projectElsewhere: string;

  const termsUrl = (id = platformId) => `/v1/platform/${id}/terms`;
  const activeUrl = (id = platformId, query = '') => `/omnis/v3/platform/${id}/activeTerms${query}`;

  beforeAll(async () => {
    t = await createStartedTestApp();
    admin = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { email: 'boss@example.com' });
    owner = await bearerUser(t, 'owner@example.com');
    platformId = (await t.app.inject({ method: 'GET', url: '/omnis/v3/platform' })).json().id;
    const other = await insertPlatform(t.database.db, { name: 'Harbour Shops', domains: ['shops.example'] });
    otherPlatformId = other.id;
    project = (await createProjectAs(owner, 'Shop')).id;
    projectElsewhere = (await createProjectAs(owner, 'Elsewhere')).id;
    await setProjectPlatform(t.database.db, projectElsewhere, otherPlatformId);
  });
  afterAll(() => t.close());

  let versions = 0;
  /** Saves a version a second after the last, as an admin would. */
  async function save(body: Partial<Record<'title' | 'content' | 'version', string>> = {}, on = platformId) {
    t.clock.advance(1000);
    versions += 1;
    const res = await admin.call('POST', termsUrl(on), {
      title: 'Terms of service',
      content: '<p>Be kind.</p>',
      version: `v${versions}`,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TermsBody;
  }

  const active = async (query = '') =>
    (await t.app.inject({ method: 'GET', url: activeUrl(platformId, query) })).json();
  const signedOf = async (browser: TestBrowser) =>
    (await browser.get(USER_API)).json().signedPlatformTermsLogs as { id: string; version: string }[];
  const successes = (operationId: string) => auditEntries(t.database.db, { operationId, result: 'success' });

  describe('saving and listing (platform admins)', () => {
    it('saves each version as a new row stamped with the clock, lists them newest first, and audits', async () => {
      const first = await save({ version: '2026-01', title: 'Terms' });
      expect(first).toMatchObject({ platformId, version: '2026-01', title: 'Terms', content: '<p>Be kind.</p>' });
      expect(first.updatedAt).toBe(t.clock.now().toISOString());
      const second = await save({ version: '2026-02' });
      const listed = (await admin.call('GET', termsUrl())).json() as TermsBody[];
      expect(listed.slice(0, 2).map((v) => v.id)).toEqual([second.id, first.id]);
      // The earlier version is untouched: what people signed stays readable.
      expect(listed[1]).toEqual(first);

      const [entry] = (await successes('saveTerms')).filter((e) => e.target === `terms:${second.id}`);
      expect(entry).toMatchObject({ actorUserId: admin.user.id, details: { platformId, version: '2026-02' } });
    });

    it('keeps the version saved last active even when two saves share a millisecond', async () => {
      const a = await save();
      const b = await admin.call('POST', termsUrl(), {
        title: 'Same instant',
        content: '<p>x</p>',
        version: 'same-ms',
      });
      expect(b.statusCode).toBe(201);
      expect(new Date(b.json().updatedAt).getTime()).toBeGreaterThan(new Date(a.updatedAt).getTime());
      expect((await active()).terms.id).toBe(b.json().id);
    });

    it('refuses a version the platform already has with 409 TERMS_VERSION_TAKEN, changing nothing', async () => {
      await save({ version: '3.0' });
      const before = await t.database.db.select().from(platformTerms);
      const res = await admin.call('POST', termsUrl(), { title: 'Again', content: '<p>x</p>', version: '3.0' });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('TERMS_VERSION_TAKEN');
      expect(res.json().message).toContain('"3.0"');
      expect(await t.database.db.select().from(platformTerms)).toHaveLength(before.length);
      // Another platform may use the same version name.
      await save({ version: '3.0' }, otherPlatformId);
    });

    it('sanitises the HTML: no script, no event handler is ever stored', async () => {
      const saved = await save({
        content:
          '<h1>Terms</h1><p onclick="steal()">Read <a href="javascript:alert(1)">this</a></p>' +
          '<script>alert(1)</script><img src="https://cdn.example/x.png" onerror="steal()">',
      });
      expect(saved.content).toBe(
        '<h2>Terms</h2><p>Read this</p><img src="https://cdn.example/x.png" loading="lazy" />',
      );
      const [row] = await t.database.db.select().from(platformTerms).where(eq(platformTerms.id, saved.id));
      expect(row!.content).not.toMatch(/script|onerror|onclick/i);
    });

    it('refuses content that sanitises to nothing, with 400 and nothing saved', async () => {
      const before = await t.database.db.select().from(platformTerms);
      const res = await admin.call('POST', termsUrl(), {
        title: 'Empty',
        content: '<script>alert(1)</script>',
        version: 'empty',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'body.content' }] });
      expect(await t.database.db.select().from(platformTerms)).toHaveLength(before.length);
    });

    it('answers validation errors with 400 {code, message} and saves nothing', async () => {
      const before = await t.database.db.select().from(platformTerms);
      for (const body of [
        { title: '', content: '<p>x</p>', version: 'ok' },
        { title: 'T', content: '   ', version: 'ok' },
        { title: 'T', content: '<p>x</p>', version: 'has space' },
        { title: 'T', content: '<p>x</p>' },
      ]) {
        const res = await admin.call('POST', termsUrl(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      }
      expect(await t.database.db.select().from(platformTerms)).toHaveLength(before.length);
    });

    it('answers 404 for an unknown platform', async () => {
      expect((await admin.call('GET', termsUrl(UNKNOWN))).json().code).toBe('PLATFORM_NOT_FOUND');
      const res = await admin.call('POST', termsUrl(UNKNOWN), { title: 'T', content: '<p>x</p>', version: 'x' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PLATFORM_NOT_FOUND');
    });

    it('is for platform admins only', async () => {
      expect((await owner.call('GET', termsUrl())).statusCode).toBe(403);
      const res = await owner.call('POST', termsUrl(), { title: 'T', content: '<p>x</p>', version: 'mine' });
      expect(res.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: termsUrl() })).statusCode).toBe(401);
    });
  });

  describe('the active terms (public)', () => {
    it("answers the platform's latest, or null while it has none", async () => {
      const latest = await save();
      expect(await active()).toEqual({ terms: latest });
      expect(await active(`?project=${project}`)).toEqual({ terms: latest });
      const bare = await insertPlatform(t.database.db, { name: 'Bare' });
      const res = await t.app.inject({ method: 'GET', url: activeUrl(bare.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ terms: null });
    });

    it('answers 404 for an unknown platform, and for a project that is not on the platform', async () => {
      expect((await t.app.inject({ method: 'GET', url: activeUrl(UNKNOWN) })).json().code).toBe('PLATFORM_NOT_FOUND');
      const elsewhere = await t.app.inject({
        method: 'GET',
        url: activeUrl(platformId, `?project=${projectElsewhere}`),
      });
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json().code).toBe('PROJECT_NOT_FOUND');
      const unknown = await t.app.inject({ method: 'GET', url: activeUrl(platformId, `?project=${UNKNOWN}`) });
      expect(unknown.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: activeUrl('not-a-uuid') })).statusCode).toBe(400);
    });
  });

  describe('signing', () => {
    let browser: TestBrowser;
    beforeAll(async () => {
      await createUser(t, 'signer@example.com');
      browser = await signInAs(t, 'signer@example.com');
    });

    it('adds the latest version to the signed list, once, audited each time', async () => {
      const latest = await save({ version: 'sign-1' });
      const before = await signedOf(browser);
      expect(before).not.toContainEqual({ id: latest.id, version: 'sign-1' });

      const res = await browser.post(activeUrl(platformId, `?termsId=${latest.id}&project=${project}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ signedPlatformTermsLogs: [...before, { id: latest.id, version: 'sign-1' }] });

      const again = await browser.post(activeUrl(platformId, `?termsId=${latest.id}`));
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      expect(await signedOf(browser)).toEqual(res.json().signedPlatformTermsLogs);

      const entries = (await successes('signActiveTerms')).filter((e) => e.target === `terms:${latest.id}`);
      expect(entries.map((e) => e.details)).toEqual([
        expect.objectContaining({ alreadySigned: false, version: 'sign-1' }),
        expect.objectContaining({ alreadySigned: true }),
      ]);
    });

    it('does not count a new version as signed until it is signed', async () => {
      const old = await save({ version: 'sign-2' });
      await browser.post(activeUrl(platformId, `?termsId=${old.id}`));
      const newer = await save({ version: 'sign-3' });
      const signed = await signedOf(browser);
      expect(signed).toContainEqual({ id: old.id, version: 'sign-2' });
      expect(signed).not.toContainEqual(expect.objectContaining({ id: newer.id }));
    });

    it('refuses an earlier version with 409 TERMS_OUTDATED, changing nothing', async () => {
      const old = await save({ version: 'sign-4' });
      await save({ version: 'sign-5' });
      const before = await signedOf(browser);
      const res = await browser.post(activeUrl(platformId, `?termsId=${old.id}`));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'TERMS_OUTDATED',
        message: 'These terms have been replaced by a newer version. Read and sign the latest terms instead.',
      });
      expect(await signedOf(browser)).toEqual(before);
    });

    it("answers 404 for terms that are not the platform's, or a project not on it", async () => {
      const foreign = await save({ version: 'foreign' }, otherPlatformId);
      const latest = await save({ version: 'sign-6' });
      const before = await signedOf(browser);
      for (const url of [
        activeUrl(platformId, `?termsId=${foreign.id}`),
        activeUrl(platformId, `?termsId=${UNKNOWN}`),
        activeUrl(UNKNOWN, `?termsId=${latest.id}`),
        activeUrl(platformId, `?termsId=${latest.id}&project=${projectElsewhere}`),
      ]) {
        const res = await browser.post(url);
        expect(res.statusCode, url).toBe(404);
      }
      expect(await signedOf(browser)).toEqual(before);
    });

    it('needs a session and the CSRF header', async () => {
      const latest = await save({ version: 'sign-7' });
      const anonymous = await t.app.inject({ method: 'POST', url: activeUrl(platformId, `?termsId=${latest.id}`) });
      expect([401, 419]).toContain(anonymous.statusCode);
      const forged = await browser.request('POST', activeUrl(platformId, `?termsId=${latest.id}`), undefined, {
        'x-csrf-token': 'forged',
      });
      expect(forged.statusCode).toBe(419);
      expect(await signedOf(browser)).not.toContainEqual(expect.objectContaining({ id: latest.id }));
      // A bearer token is not a session: without the cookie pair it is refused before anything is read.
      expect([401, 419]).toContain(
        (await owner.call('POST', activeUrl(platformId, `?termsId=${latest.id}`))).statusCode,
      );
    });

    it('requires termsId', async () => {
      const res = await browser.post(activeUrl());
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });
  });
});
