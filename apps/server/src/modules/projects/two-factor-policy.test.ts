import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { enableTwoFactor } from '../../test/accounts.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMember } from '../access/service.js';
import { makeAdmin } from '../accounts/testing.js';
import { setPlatformFields } from '../platform/testing.js';
import { organisationMembers, organisations } from './schema.js';

const refused = {
  code: 'TWO_FACTOR_REQUIRED',
  message: 'Two-factor authentication is required. Turn it on in your account settings.',
};

describe('the two-factor policy of organisations and platforms', () => {
  let t: TestApp;
  /** Owns the Harbour project and its organisation. */
  let olivia: BearerUser;
  /** A member of the Harbour project only (invited people never join the organisation). */
  let mia: BearerUser;
  /** Owns a project elsewhere. */
  let outsider: BearerUser;
  let admin: BearerUser;
  let organisationId: string;

  const lists = async (who: BearerUser) => [
    (await who.call('GET', '/v1/projects')).statusCode,
    (await who.call('GET', '/v1/organisations')).statusCode,
  ];
  const organisationRow = async () =>
    (await t.database.db.select().from(organisations).where(eq(organisations.id, organisationId)))[0]!;

  beforeAll(async () => {
    t = await createStartedTestApp();
    olivia = await bearerUser(t, 'olivia@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    admin = await bearerUser(t, 'root@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    const harbour = await createProjectAs(olivia, 'Harbour');
    organisationId = harbour.organisationId;
    await t.database.db.transaction((tx) => addMember(tx, harbour.id, mia.user.id, 'member'));
    await createProjectAs(outsider, 'Elsewhere');
  });
  afterAll(() => t.close());

  it('asks nothing by default', async () => {
    expect(await lists(olivia)).toEqual([200, 200]);
    expect(await lists(mia)).toEqual([200, 200]);
    const listed = (await olivia.call('GET', '/v1/organisations')).json();
    expect(listed).toEqual([{ id: organisationId, name: 'Harbour Org', requireTwoFactor: false }]);
  });

  it("lets a project's owner require two-factor of the organisation, and audits it", async () => {
    const res = await olivia.call('PATCH', `/v1/organisations/${organisationId}`, { requireTwoFactor: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: organisationId, name: 'Harbour Org', requireTwoFactor: true });
    expect((await olivia.call('GET', `/v1/organisations/${organisationId}`)).json().requireTwoFactor).toBe(true);
    const [entry] = await auditEntries(t.database.db, { operationId: 'updateOrganisation', result: 'success' });
    expect(entry).toMatchObject({
      actorUserId: olivia.user.id,
      target: `organisation:${organisationId}`,
      details: { fields: ['requireTwoFactor'], requireTwoFactor: true },
    });
  });

  it("then refuses its members' and its projects' members' lists until they turn two-factor on", async () => {
    for (const who of [olivia, mia]) {
      for (const url of ['/v1/projects', '/v1/organisations']) {
        const res = await who.call('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual(refused);
      }
    }
    // Someone with nothing in that organisation is not concerned.
    expect(await lists(outsider)).toEqual([200, 200]);

    await enableTwoFactor(t, 'olivia@example.com');
    expect(await lists(olivia)).toEqual([200, 200]);
    expect((await olivia.call('GET', '/v1/projects')).json()).toHaveLength(1);
    expect(await lists(mia)).toEqual([403, 403]);
  });

  it('refuses everyone without two-factor when the platform requires it', async () => {
    const platform = await t.app.services.platform.resolve({ host: 'localhost' });
    await setPlatformFields(t.database.db, platform.id, { requireTwoFactor: true });
    try {
      expect(await lists(outsider)).toEqual([403, 403]);
      expect(await lists(olivia)).toEqual([200, 200]);
    } finally {
      await setPlatformFields(t.database.db, platform.id, { requireTwoFactor: false });
    }
    expect(await lists(outsider)).toEqual([200, 200]);
  });

  it('lets only owners of its projects and platform admins change an organisation', async () => {
    // An organisation member who owns none of its projects learns it exists, and may not change it.
    await t.database.db.insert(organisationMembers).values({ organisationId, userId: mia.user.id });
    const member = await mia.call('PATCH', `/v1/organisations/${organisationId}`, { requireTwoFactor: false });
    expect(member.statusCode).toBe(403);
    expect(member.json().code).toBe('FORBIDDEN');
    const stranger = await outsider.call('PATCH', `/v1/organisations/${organisationId}`, { name: 'Mine now' });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe('ORGANISATION_NOT_FOUND');
    const missing = await admin.call('PATCH', '/v1/organisations/00000000-0000-4000-8000-000000000000', { name: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(await organisationRow()).toMatchObject({ name: 'Harbour Org', requireTwoFactor: true });
    const failures = await auditEntries(t.database.db, { operationId: 'updateOrganisation', result: 'failure' });
    expect(failures.map((f) => f.status).sort()).toEqual([403, 404, 404]);

    const byAdmin = await admin.call('PATCH', `/v1/organisations/${organisationId}`, {
      name: 'Harbour Group',
      requireTwoFactor: false,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual({ id: organisationId, name: 'Harbour Group', requireTwoFactor: false });
    // Nothing asked, nothing changed: the organisation as it is.
    const nothing = await olivia.call('PATCH', `/v1/organisations/${organisationId}`, {});
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().name).toBe('Harbour Group');
    expect(await lists(mia)).toEqual([200, 200]);
  });
});
