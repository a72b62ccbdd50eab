import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { slugOf } from '../access/custom-roles.js';
import { addMember } from '../access/service.js';
import {
  assignRole,
  customRoleRows,
  findProjectRole,
  insertRole,
  rolesOfProject,
  setRolePermissions,
} from '../access/testing.js';
import { projects } from './schema.js';
import { templates } from './template-catalogue.js';
import { defineManifest } from '../integrations/manifest.js';
import { moduleRegistry } from '../integrations/registry.js';
import { projectIntegrationRows } from '../integrations/testing.js';

describe('project templates', () => {
  let t: TestApp;
  let olivia: BearerUser;
  /** A member (no projects.update) of Olivia's project. */
  let mia: BearerUser;
  /** Owns another project: every permission there, none in Olivia's. */
  let intruder: BearerUser;
  let projectId: string;

  const customRoles = async (project: string) =>
    (await rolesOfProject(t.database.db, project)).map(({ key, name, permissions, builtIn }) => ({
      key,
      name,
      permissions,
      builtIn,
    }));
  const install = (who: BearerUser, template: string, body: object = {}, project = projectId) =>
    who.call('POST', `/v1/projects/templates/${template}?project=${project}`, body);

  beforeAll(async () => {
    t = await createStartedTestApp();
    olivia = await bearerUser(t, 'olivia@example.com');
    mia = await bearerUser(t, 'mia@example.com');
    intruder = await bearerUser(t, 'intruder@example.com');
    projectId = (await createProjectAs(olivia, 'Harbour')).id;
    await t.database.db.transaction((tx) => addMember(tx, projectId, mia.user.id, 'member'));
    await createProjectAs(intruder, 'Elsewhere');
  });
  afterAll(() => t.close());

  it('lists shop, factory and blank with their roles, settings and modules', async () => {
    const res = await olivia.call('GET', '/v1/projects/templates');
    expect(res.statusCode).toBe(200);
    const listed = res.json() as { key: string; roles: { key: string; name: string }[]; modules: string[] }[];
    expect(listed.map((tpl) => tpl.key)).toEqual(['shop', 'factory', 'blank']);
    expect(listed[0]).toMatchObject({
      name: 'Shop',
      roles: [{ key: 'custom:shop-assistant', name: 'Shop assistant' }],
      settings: { currency: 'EUR', timezone: 'Europe/Amsterdam', weightUnit: 'kg' },
      modules: ['products', 'orders', 'customers', 'website'],
    });
    expect(listed[1]!.roles.map((r) => r.name)).toEqual(['Operator', 'Quality inspector']);
    expect(listed[1]!.modules).toEqual(['products', 'orders', 'fulfillments', 'workflow', 'drive']);
    expect(listed[2]).toMatchObject({ roles: [], settings: {}, modules: [] });
  });

  it('keys its roles as the role API keys custom roles, so a role of that name made by hand is the same', () => {
    for (const role of templates.flatMap((tpl) => tpl.roles)) expect(role.key).toBe(`custom:${slugOf(role.name)}`);
  });

  it('lists them for a project only to those who may change it', async () => {
    expect((await olivia.call('GET', `/v1/projects/templates?project=${projectId}`)).statusCode).toBe(200);
    const member = await mia.call('GET', `/v1/projects/templates?project=${projectId}`);
    expect(member.statusCode).toBe(403);
    expect(member.json().message).toBe('You need the projects.update permission in this project.');
    expect((await intruder.call('GET', `/v1/projects/templates?project=${projectId}`)).statusCode).toBe(403);
  });

  it("installs a template's roles, settings and modules, in one audited change", async () => {
    const res = await install(olivia, 'shop');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      template: 'shop',
      roles: { created: ['custom:shop-assistant'], updated: [], kept: [] },
      modules: { installed: ['products', 'orders', 'customers', 'website'], kept: [] },
      project: {
        id: projectId,
        settings: { currency: 'EUR', timezone: 'Europe/Amsterdam', weightUnit: 'kg' },
        // Installed in one instant, so listed by code.
        integrations: ['customers', 'orders', 'products', 'website'].map((code) => ({ code })),
      },
    });
    // Through the modules' lifecycle, as from the store: each module's install audited in the same change.
    const moduleInstalls = (
      await auditEntries(t.database.db, { operationId: 'installProjectTemplate', projectId })
    ).map(({ target, details }) => ({ target, details }));
    expect(moduleInstalls.filter((e) => e.target?.startsWith('integration:'))).toEqual(
      ['products', 'orders', 'customers', 'website'].map((code) => ({
        target: `integration:${code}`,
        details: { revived: false, template: 'shop' },
      })),
    );
    expect(await customRoles(projectId)).toEqual([
      {
        key: 'custom:shop-assistant',
        name: 'Shop assistant',
        permissions: ['projects.read', 'members.read', 'integrations.read', 'chat.read', 'chat.write', 'drive.read'],
        builtIn: false,
      },
    ]);
    expect((await olivia.call('GET', `/v1/projects/${projectId}`)).json().settings.currency).toBe('EUR');
    const [entry] = await auditEntries(t.database.db, {
      operationId: 'installProjectTemplate',
      result: 'success',
      target: `project:${projectId}`,
    });
    expect(entry).toMatchObject({
      projectId,
      actorUserId: olivia.user.id,
      details: { template: 'shop', overwrite: false, roles: { created: ['custom:shop-assistant'] } },
    });
  });

  it('adds nothing twice, keeps what the project changed, and overwrites only when asked', async () => {
    // The project has since chosen its own currency and trimmed the role.
    await t.database.db
      .update(projects)
      .set({ settings: { currency: 'GBP', timezone: 'Europe/Amsterdam', weightUnit: 'kg' } })
      .where(eq(projects.id, projectId));
    await setRolePermissions(t.database.db, projectId, 'custom:shop-assistant', ['projects.read']);
    // A viewer also holds the role, so its permissions decide whether she may write in chat (cached).
    const viewer = await bearerUser(t, 'vera@example.com');
    await t.database.db.transaction((tx) => addMember(tx, projectId, viewer.user.id, 'viewer'));
    const assistant = await findProjectRole(t.database.db, projectId, 'custom:shop-assistant');
    await assignRole(t.database.db, { projectId, userId: viewer.user.id, roleId: assistant!.id });
    t.app.services.permissions.invalidateProject(projectId);
    expect(await t.app.services.permissions.has(projectId, viewer.user.id, 'chat.write')).toBe(false);

    // …and set its website up its own way.
    const website = await olivia.call('PATCH', `/v1/projects/${projectId}/integrations/website`, {
      config: { theme: 'bold' },
    });
    expect(website.statusCode).toBe(200);
    const websiteConfig = website.json().config;

    const again = await install(olivia, 'shop');
    expect(again.json()).toMatchObject({
      roles: { created: [], updated: [], kept: ['custom:shop-assistant'] },
      modules: { installed: [], kept: ['products', 'orders', 'customers', 'website'] },
      project: { settings: { currency: 'GBP' } },
    });
    expect(await customRoles(projectId)).toHaveLength(1);

    const overwritten = await install(olivia, 'shop', { overwrite: true });
    expect(overwritten.json()).toMatchObject({
      roles: { created: [], updated: ['custom:shop-assistant'], kept: [] },
      project: { settings: { currency: 'EUR' } },
    });
    expect((await customRoles(projectId))[0]!.permissions).toContain('chat.write');
    // Modules are the project's own: even an overwrite leaves an installed module's settings alone.
    expect(overwritten.json().modules).toEqual({ installed: [], kept: ['products', 'orders', 'customers', 'website'] });
    expect((await olivia.call('GET', `/v1/projects/${projectId}/integrations/website`)).json().config).toEqual(
      websiteConfig,
    );
    // The install retired the cached decision at once.
    expect(await t.app.services.permissions.has(projectId, viewer.user.id, 'chat.write')).toBe(true);
  });

  it('adds a second template beside the first, leaving settings the project has', async () => {
    const res = await install(olivia, 'factory');
    expect(res.json()).toMatchObject({
      roles: { created: ['custom:operator', 'custom:quality-inspector'], updated: [], kept: [] },
      modules: { installed: ['fulfillments', 'workflow', 'drive'], kept: ['products', 'orders'] },
      project: { settings: { currency: 'EUR', timezone: 'Europe/Amsterdam', weightUnit: 'kg' } },
    });
    expect((await customRoles(projectId)).map((r) => r.key)).toEqual([
      'custom:operator',
      'custom:quality-inspector',
      'custom:shop-assistant',
    ]);
    expect((await install(olivia, 'blank')).json().roles).toEqual({ created: [], updated: [], kept: [] });
  });

  it('refuses an unknown template, and anyone without projects.update in the project, changing nothing', async () => {
    const unknown = await install(olivia, 'spaceport');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('TEMPLATE_NOT_FOUND');
    const before = await customRoles(projectId);
    const member = await install(mia, 'factory', { overwrite: true });
    expect(member.statusCode).toBe(403);
    const foreign = await install(intruder, 'shop', { overwrite: true });
    expect(foreign.statusCode).toBe(403);
    expect(await customRoles(projectId)).toEqual(before);
  });

  it('creates a project from a template in the same transaction', async () => {
    const res = await olivia.call('POST', '/v1/projects', {
      name: 'Mill',
      organisationName: 'Mill Org',
      template: 'factory',
    });
    expect(res.statusCode).toBe(201);
    const mill = res.json();
    expect(mill.settings).toEqual({ currency: 'EUR', timezone: 'UTC', weightUnit: 'kg' });
    expect(mill.integrations).toEqual(
      ['drive', 'fulfillments', 'orders', 'products', 'workflow'].map((code) => ({ code })),
    );
    expect((await customRoles(mill.id)).map((r) => r.key)).toEqual(['custom:operator', 'custom:quality-inspector']);
    const [entry] = await auditEntries(t.database.db, { operationId: 'createProject', target: `project:${mill.id}` });
    expect(entry!.details).toMatchObject({
      template: 'factory',
      roles: { created: ['custom:operator', 'custom:quality-inspector'] },
      modules: { installed: ['products', 'orders', 'fulfillments', 'workflow', 'drive'], kept: [] },
    });

    const count = async () => (await t.database.db.select({ id: projects.id }).from(projects)).length;
    const before = await count();
    const bad = await olivia.call('POST', '/v1/projects', { name: 'Nope', organisationName: 'Nope', template: 'moon' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('TEMPLATE_NOT_FOUND');
    expect(await count()).toBe(before);
    // Without a template a project starts with no settings and no custom roles.
    const plain = (await olivia.call('POST', '/v1/projects', { name: 'Plain', organisationName: 'Plain Org' })).json();
    expect(plain.settings).toEqual({});
    expect(await customRoles(plain.id)).toEqual([]);
    expect(plain.integrations).toEqual([]);
  });

  it('asks for integrations.manage too when the template brings modules', async () => {
    // A settings keeper: may change the project, may not install modules.
    const keeper = await bearerUser(t, 'keeper@example.com');
    const project = (await createProjectAs(olivia, 'Keeper project')).id;
    await insertRole(t.database.db, {
      projectId: project,
      key: 'custom:settings-keeper',
      name: 'Settings keeper',
      description: 'Changes the settings only.',
      permissions: ['projects.read', 'projects.update'],
      builtIn: false,
    });
    const keeperRole = await findProjectRole(t.database.db, project, 'custom:settings-keeper');
    // A viewer (no projects.update, no integrations.manage) who also keeps the settings.
    await t.database.db.transaction((tx) => addMember(tx, project, keeper.user.id, 'viewer'));
    await assignRole(t.database.db, { projectId: project, userId: keeper.user.id, roleId: keeperRole!.id });

    const before = await customRoles(project);
    const refused = await install(keeper, 'shop', {}, project);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You need the integrations.manage permission in this project.');
    expect(await customRoles(project)).toEqual(before);
    expect((await olivia.call('GET', `/v1/projects/${project}`)).json().integrations).toEqual([]);
    // A template without modules is the keeper's to install.
    expect((await install(keeper, 'blank', {}, project)).statusCode).toBe(200);
  });
});

describe('a project template whose module fails to install', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('leaves no project, no roles and no modules: the template is one transaction', async () => {
    const broken = defineManifest({
      ...moduleRegistry.get('fulfillments')!,
      hooks: {
        install: async () => {
          throw new Error('The carrier table could not be built');
        },
      },
    });
    t = await createStartedTestApp({
      deps: { integrations: { registry: new Map([...moduleRegistry, ['fulfillments', broken]]) } },
    });
    const owner = await bearerUser(t, 'owner@example.com');
    const count = async () => (await t.database.db.select({ id: projects.id }).from(projects)).length;
    const before = await count();
    const res = await owner.call('POST', '/v1/projects', {
      name: 'Mill',
      organisationName: 'Mill Org',
      template: 'factory',
    });
    expect(res.statusCode).toBe(500);
    expect(await count()).toBe(before);
    expect(await projectIntegrationRows(t.database.db)).toEqual([]);
    expect(await customRoleRows(t.database.db)).toEqual([]);
  });
});
