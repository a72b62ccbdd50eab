import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { eq } from 'drizzle-orm';
import { auditEntries } from '../../core/audit/read.js';
import { bearerUser, type BearerUser } from '../../test/projects.js';
import { users } from './schema.js';

describe('PUT /v1/admin/users/{userId}/features', () => {
  let t: TestApp;
  let admin: BearerUser;
  let person: BearerUser;

  beforeAll(async () => {
    t = await createStartedTestApp();
    admin = await bearerUser(t, 'feature.admin@example.com');
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    person = await bearerUser(t, 'feature.person@example.com');
  });
  afterAll(() => t.close());

  it('enrols a person in a feature level, once each, with an audit entry', async () => {
    const res = await admin.call('PUT', `/v1/admin/users/${person.user.id}/features`, { features: ['alpha', 'alpha'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().features).toEqual(['alpha']);
    const audit = await auditEntries(t.database.db, { operationId: 'updateUserFeatures', result: 'success' });
    expect(audit.map((r) => r.target)).toContain(`user:${person.user.id}`);
  });

  it('refuses unknown levels with a 400 and changes nothing', async () => {
    const res = await admin.call('PUT', `/v1/admin/users/${person.user.id}/features`, { features: ['gamma'] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBeTruthy();
    const me = await person.call('PUT', `/v1/admin/users/${person.user.id}/features`, { features: [] });
    expect(me.statusCode).toBe(403);
  });

  it('answers 404 for an unknown person', async () => {
    const res = await admin.call('PUT', '/v1/admin/users/00000000-0000-4000-8000-000000000000/features', {
      features: ['beta'],
    });
    expect(res.statusCode).toBe(404);
  });
});
