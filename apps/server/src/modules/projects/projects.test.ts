import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, type BearerUser } from '../../test/projects.js';
import { addMember } from '../access/service.js';
import { projectMembers } from './schema.js';

describe('projects and organisations', () => {
  let t: TestApp;
  let olivia: BearerUser;
  let mia: BearerUser;
  let outsider: BearerUser;
  let projectId: string;
  let organisationId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    olivia = await bearerUser(t, 'olivia@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
  });
  afterAll(() => t.close());

  it('creates a project in a new organisation; the creator is its owner', async () => {
    const res = await olivia.call('POST', '/v1/projects', {
      name: 'Harbour Outfitters',
      organisationName: 'Harbour & Co.',
    });
    expect(res.statusCode).toBe(201);
    const project = res.json();
    expect(project).toMatchObject({
      name: 'Harbour Outfitters',
      integrations: [],
      logos: [],
      platform: { name: 'Wharf' },
      billing: { plan: { code: 'starter' }, flags: [] },
    });
    projectId = project.id;
    organisationId = project.organisationId;
    const owner = await olivia.call('POST', '/v1/enforcer/enforce', {
      project: projectId,
      user: olivia.user.id,
      permissions: ['projects.delete'],
    });
    expect(owner.statusCode).toBe(200);
    expect((await olivia.call('GET', '/v1/projects')).json().map((p: { id: string }) => p.id)).toEqual([projectId]);
    expect((await olivia.call('GET', `/v1/organisations/${organisationId}`)).json().name).toBe('Harbour & Co.');
    const [entry] = await auditEntries(t.database.db, { operationId: 'createProject' });
    expect(entry).toMatchObject({ projectId, actorUserId: olivia.user.id, result: 'success' });
  });

  it('creates another project in an organisation of yours, and refuses one in someone else’s', async () => {
    const second = await olivia.call('POST', '/v1/projects', { name: 'Lighthouse Books', organisationId });
    expect(second.statusCode).toBe(201);
    const foreign = await outsider.call('POST', '/v1/projects', { name: 'Sneaky', organisationId });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('ORGANISATION_NOT_FOUND');
    const both = await outsider.call('POST', '/v1/projects', { name: 'Bad', organisationId, organisationName: 'Also' });
    expect(both.statusCode).toBe(400);
  });

  it('lets a member read but not change the project, saying why', async () => {
    await t.database.db.transaction((tx) => addMember(tx, projectId, mia.user.id, 'member'));
    expect((await mia.call('GET', `/v1/projects/${projectId}`)).statusCode).toBe(200);
    const update = await mia.call('PATCH', `/v1/projects/${projectId}`, { name: 'Mine now' });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You need the projects.update permission in this project.',
    });
    expect((await outsider.call('GET', `/v1/projects/${projectId}`)).statusCode).toBe(403);
  });

  it('updates name and logos for those allowed', async () => {
    const logos = [{ url: 'https://cdn.example/logo.png', meta: { context: 'dashboard', backgroundColor: '#003366' } }];
    const res = await olivia.call('PATCH', `/v1/projects/${projectId}`, { name: 'Harbour Outfitters Ltd', logos });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Harbour Outfitters Ltd', logos });
  });

  it('lets only an owner delete, removing memberships with it and saying what went', async () => {
    expect((await mia.call('DELETE', `/v1/projects/${projectId}`)).statusCode).toBe(403);
    expect((await olivia.call('DELETE', `/v1/projects/${projectId}`)).statusCode).toBe(204);
    expect((await olivia.call('GET', `/v1/projects/${projectId}`)).statusCode).toBe(403);
    expect(await t.database.db.select().from(projectMembers).where(eq(projectMembers.projectId, projectId))).toEqual(
      [],
    );
    const entries = await auditEntries(t.database.db, { operationId: 'deleteProject' });
    // Mia's refused attempt is on record too.
    expect(entries.map((e) => e.result).sort()).toEqual(['failure', 'success']);
    const entry = entries.find((e) => e.result === 'success');
    expect(entry!.details).toMatchObject({ name: 'Harbour Outfitters Ltd', removed: { members: 2, invitations: 0 } });
  });

  it('lists only your organisations', async () => {
    await outsider.call('POST', '/v1/organisations', { name: 'Outsider Org' });
    const names = (await outsider.call('GET', '/v1/organisations')).json().map((o: { name: string }) => o.name);
    expect(names).toEqual(['Outsider Org']);
  });
});
