import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { builtInRole } from './built-in-roles.js';
import { addMember } from './service.js';

describe('members in /v1/enforcer/users', () => {
  let t: TestApp;
  let owner: BearerUser;
  let projectId: string;
  const emails = ['ana@example.com', 'bo@example.com', 'cy@example.com', 'di@example.com'];
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'zed.owner@example.com');
    projectId = (await createProjectAs(owner)).id;
    for (const email of emails) {
      const user = await bearerUser(t, email);
      ids[email] = user.user.id;
      await addMember(t.database.db, projectId, user.user.id, email.startsWith('bo') ? 'finance' : 'viewer');
    }
  });
  afterAll(() => t.close());

  const at = (path: string, query = '') => `/v1/enforcer${path}?project=${projectId}${query}`;

  it('pages through the members by email, with their role keys', async () => {
    const first = (await owner.call('GET', at('/users', '&pageSize=2'))).json();
    expect(first.items.map((m: { user: { email: string } }) => m.user.email)).toEqual(emails.slice(0, 2));
    expect(first.items[1]).toMatchObject({ user: { id: ids['bo@example.com'] }, roles: ['finance'] });
    const second = (await owner.call('GET', at('/users', `&pageSize=2&pageToken=${first.nextPageToken}`))).json();
    expect(second.items.map((m: { user: { email: string } }) => m.user.email)).toEqual(emails.slice(2));
    const last = (await owner.call('GET', at('/users', `&pageSize=2&pageToken=${second.nextPageToken}`))).json();
    expect(last).toMatchObject({ items: [{ user: { email: 'zed.owner@example.com' }, roles: ['owner'] }] });
    expect(last.nextPageToken).toBeNull();
  });

  it('searches', async () => {
    const found = (await owner.call('GET', at('/users', '&search=CY'))).json();
    expect(found.items.map((m: { user: { email: string } }) => m.user.email)).toEqual(['cy@example.com']);
    expect((await owner.call('GET', at('/users', '&pageToken=garbage'))).json().code).toBe('INVALID_PAGE_TOKEN');
  });

  it('shows one member with roles and permissions, and nobody else', async () => {
    const bo = (await owner.call('GET', at(`/users/${ids['bo@example.com']}`))).json();
    expect(bo).toMatchObject({ user: { email: 'bo@example.com' }, roles: ['finance'] });
    expect(bo.permissions).toEqual([...builtInRole('finance').permissions].sort());
    const outsider = await bearerUser(t, 'outsider@example.com');
    const res = await owner.call('GET', at(`/users/${outsider.user.id}`));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('MEMBER_NOT_FOUND');
    // Seeing members takes members.read in the project.
    expect((await outsider.call('GET', at('/users'))).statusCode).toBe(403);
  });
});
