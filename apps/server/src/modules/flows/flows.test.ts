import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { installFlows, publishedFlow } from '../../test/flows.js';
import { installMarketing, makeDraft, makeMailingList } from '../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { projectKey } from '../../test/storefront.js';
import { addMembers, assignRole, insertRole } from '../access/testing.js';
import { flows } from './schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('flows: drafts, versions and their calls', () => {
  let t: TestApp;
  let owner: BearerUser;
  let viewer: BearerUser;
  let project: string;
  let other: string;
  let marketingOnly: string;
  let list: string;
  let otherList: string;
  let draft: string;
  let secondDraft: string;
  let otherDraft: string;

  const url = (path = '', projectId = project) => `/v1/flows${path}?project=${projectId}`;
  const call = async (method: string, path: string, body?: object, as: BearerUser = owner, projectId = project) =>
    as.call(method, url(path, projectId), body);
  const ok = async (method: string, path: string, body?: object, status = 200) => {
    const res = await call(method, path, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json() as Json;
  };
  const welcome = () => ({
    trigger: { kind: 'joinedList', listId: list },
    steps: [
      { id: 'hello', kind: 'send', draftId: draft },
      { id: 'pause', kind: 'wait', amount: 2, unit: 'days' },
      { id: 'still', kind: 'condition', conditions: [{ field: 'list', mode: 'include', listId: list }] },
      { id: 'tips', kind: 'send', draftId: secondDraft },
    ],
  });

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    viewer = await bearerUser(t, 'viewer@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    other = (await createProjectAs(owner, 'Other Shop')).id;
    marketingOnly = (await createProjectAs(owner, 'No Flows')).id;
    await installFlows(owner, project);
    await installFlows(owner, other);
    await installMarketing(owner, marketingOnly);
    await addMembers(t.database.db, project, [viewer.user.id], 'viewer');
    list = (await makeMailingList(owner, project, { name: 'Newsletter' })).id;
    otherList = (await makeMailingList(owner, other, { name: 'Theirs' })).id;
    draft = (
      await makeDraft(owner, project, {
        name: 'Welcome',
        subject: 'Welcome, {{ subscriber.first_name }}',
        markdown: 'Hello!',
      })
    ).id;
    secondDraft = (await makeDraft(owner, project, { name: 'Tips', subject: 'Three tips', markdown: 'Tips.' })).id;
    otherDraft = (await makeDraft(owner, other, { name: 'Theirs', subject: 'Theirs', markdown: 'x' })).id;
  });
  afterAll(() => t.close());

  it('creates a flow as a draft with nothing live, audited, and reads it back', async () => {
    t.clock.advance(1000);
    const flow = await ok('POST', '', { name: '  Welcome series ', ...welcome() }, 201);
    expect(flow).toMatchObject({
      name: 'Welcome series',
      status: 'draft',
      trigger: null,
      liveVersion: null,
      hasChanges: true,
      runs: { active: 0, completed: 0, exited: 0 },
      atStep: {},
      publishedAt: null,
    });
    expect(await ok('GET', `/${flow.id}`)).toEqual(flow);
    const draftView = await ok('GET', `/${flow.id}/draft`);
    expect(draftView).toMatchObject({ flowId: flow.id, baseVersion: null, ...welcome() });
    expect(await auditEntries(t.database.db, { operationId: 'createFlow', target: `flow:${flow.id}` })).toHaveLength(1);
    const empty = await ok('POST', '', { name: 'Empty' }, 201);
    expect((await ok('GET', `/${empty.id}/draft`)).steps).toEqual([]);
  });

  it('lists flows newest first, pages and searches them', async () => {
    t.clock.advance(1000);
    await ok('POST', '', { name: 'Win back lapsed buyers' }, 201);
    const first = (await owner.call('GET', `${url()}&pageSize=1`)).json() as Json;
    expect(first.items.map((f: Json) => f.name)).toEqual(['Win back lapsed buyers']);
    const token = encodeURIComponent(first.nextPageToken as string);
    const second = (await owner.call('GET', `${url()}&pageSize=1&pageToken=${token}`)).json() as Json;
    expect(second.items).toHaveLength(1);
    expect(second.items[0].name).not.toBe('Win back lapsed buyers');
    const found = (await owner.call('GET', `${url()}&search=${encodeURIComponent('lapsed WIN')}`)).json() as Json;
    expect(found.items.map((f: Json) => f.name)).toEqual(['Win back lapsed buyers']);
  });

  it("refuses another project's lists and drafts, duplicate step ids, and another project's flow", async () => {
    const refusals: [object, number, string][] = [
      [{ trigger: { kind: 'joinedList', listId: otherList }, steps: [] }, 404, 'LIST_NOT_FOUND'],
      [{ trigger: null, steps: [{ id: 'a', kind: 'send', draftId: otherDraft }] }, 404, 'DRAFT_NOT_FOUND'],
      [
        {
          trigger: null,
          steps: [{ id: 'c', kind: 'condition', conditions: [{ field: 'list', mode: 'exclude', listId: otherList }] }],
        },
        404,
        'LIST_NOT_FOUND',
      ],
      [
        {
          trigger: null,
          steps: [
            { id: 'same', kind: 'wait', amount: 1, unit: 'hours' },
            { id: 'same', kind: 'send', draftId: draft },
          ],
        },
        400,
        'FLOW_INVALID',
      ],
      // At most a year: a wait so long its date cannot be written would stop the runs behind it.
      [{ trigger: null, steps: [{ id: 'w', kind: 'wait', amount: 366, unit: 'days' }] }, 400, 'VALIDATION_ERROR'],
      [{ trigger: null, steps: [{ id: 'w', kind: 'wait', amount: 1e12, unit: 'days' }] }, 400, 'VALIDATION_ERROR'],
    ];
    const flow = await ok('POST', '', { name: 'Checked' }, 201);
    for (const [body, status, code] of refusals) {
      const made = await call('POST', '', { name: 'Refused', ...body });
      expect([made.statusCode, made.json().code], made.body).toEqual([status, code]);
      const saved = await call('PUT', `/${flow.id}/draft`, body);
      expect([saved.statusCode, saved.json().code], saved.body).toEqual([status, code]);
    }
    expect((await ok('GET', `/${flow.id}/draft`)).steps).toEqual([]);

    const foreign = (await call('POST', '', { name: 'Foreign' }, owner, other)).json() as Json;
    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/draft'],
      ['PUT', '/draft'],
      ['DELETE', '/draft'],
      ['POST', '/draft/publish'],
      ['POST', '/draft/test-send'],
      ['GET', '/versions'],
      ['POST', '/versions/1/restore'],
    ] as const) {
      const body = method === 'PATCH' ? { name: 'Taken' } : method === 'PUT' ? { trigger: null, steps: [] } : undefined;
      const res = await call(method, `/${foreign.id}${path}`, body);
      expect([res.statusCode, res.json().code], `${method} ${path}`).toEqual([404, 'FLOW_NOT_FOUND']);
    }
  });

  it('needs the Flows module, which needs Marketing', async () => {
    const res = await call('GET', '', undefined, owner, marketingOnly);
    expect([res.statusCode, res.json().code]).toEqual([403, 'MODULE_NOT_INSTALLED']);
    expect(res.json().message).toMatch(/Install the Flows module/);
    const bare = (await createProjectAs(owner, 'Bare')).id;
    // Installing Flows brings Marketing, which it depends on.
    expect((await owner.call('POST', `/v1/projects/${bare}/integrations/flows`)).statusCode).toBe(201);
    expect((await call('GET', '', undefined, owner, bare)).statusCode).toBe(200);
    expect((await owner.call('GET', `/v1/mail/drafts?project=${bare}`)).statusCode).toBe(200);
  });

  it('lets flows.read read but not manage', async () => {
    const flow = await ok('POST', '', { name: 'Read only' }, 201);
    expect((await call('GET', `/${flow.id}`, undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', '', undefined, viewer)).statusCode).toBe(200);
    expect((await call('GET', `/${flow.id}/versions`, undefined, viewer)).statusCode).toBe(200);
    for (const [method, path, body] of [
      ['POST', '', { name: 'No' }],
      ['PATCH', `/${flow.id}`, { name: 'No' }],
      ['PUT', `/${flow.id}/draft`, { trigger: null, steps: [] }],
      ['POST', `/${flow.id}/draft/publish`, undefined],
      ['DELETE', `/${flow.id}`, undefined],
    ] as const) {
      expect((await call(method, path, body, viewer)).statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('lets flows.manage edit and pause, but publishing or resuming, which mail on their own, needs mail.send too', async () => {
    const editor = await bearerUser(t, 'flow-editor@example.com');
    await addMembers(t.database.db, project, [editor.user.id], 'viewer');
    const role = await insertRole(t.database.db, {
      projectId: project,
      key: 'flow-editor',
      name: 'Flow editor',
      permissions: ['flows.read', 'flows.manage', 'mail.read'],
    });
    await assignRole(t.database.db, { projectId: project, userId: editor.user.id, roleId: role.id });
    const flow = await ok('POST', '', { name: 'Guarded', ...welcome() }, 201);
    const publish = await call('POST', `/${flow.id}/draft/publish`, undefined, editor);
    expect([publish.statusCode, publish.json().message]).toEqual([
      403,
      'You need the mail.send permission in this project.',
    ]);
    expect((await ok('GET', `/${flow.id}`)).liveVersion).toBeNull();
    await ok('POST', `/${flow.id}/draft/publish`);
    // Editing the draft and pausing stay the editor's: they mail nobody.
    expect((await call('PUT', `/${flow.id}/draft`, welcome(), editor)).statusCode).toBe(200);
    expect((await call('PATCH', `/${flow.id}`, { status: 'paused' }, editor)).statusCode).toBe(200);
    const resume = await call('PATCH', `/${flow.id}`, { status: 'active' }, editor);
    expect(resume.statusCode).toBe(403);
    expect((await ok('GET', `/${flow.id}`)).status).toBe('paused');
  });

  it('publishes the draft as version 1 with its mails, then refuses an unchanged publish', async () => {
    const flow = await ok('POST', '', { name: 'Publish me' }, 201);
    const noTrigger = await call('POST', `/${flow.id}/draft/publish`);
    expect([noTrigger.statusCode, noTrigger.json().code]).toEqual([400, 'FLOW_INVALID']);
    await ok('PUT', `/${flow.id}/draft`, {
      trigger: { kind: 'firstOrder' },
      steps: [{ id: 'w', kind: 'wait', amount: 1, unit: 'hours' }],
    });
    const noSend = await call('POST', `/${flow.id}/draft/publish`);
    expect([noSend.statusCode, noSend.json().code, noSend.json().message]).toEqual([
      400,
      'FLOW_INVALID',
      'Add a step that sends a mail before publishing the flow.',
    ]);
    await ok('PUT', `/${flow.id}/draft`, welcome());
    t.clock.advance(1000);
    const live = await ok('POST', `/${flow.id}/draft/publish`);
    expect(live).toMatchObject({
      status: 'active',
      liveVersion: 1,
      trigger: welcome().trigger,
      hasChanges: false,
      atStep: { hello: 0, pause: 0, still: 0, tips: 0 },
      publishedAt: t.clock.now().toISOString(),
    });
    expect((await ok('GET', `/${flow.id}/draft`)).baseVersion).toBe(1);
    const again = await call('POST', `/${flow.id}/draft/publish`);
    expect([again.statusCode, again.json().code]).toEqual([409, 'FLOW_UNCHANGED']);
    expect(
      await auditEntries(t.database.db, { operationId: 'publishFlowDraft', target: `flow:${flow.id}` }),
    ).toHaveLength(1);

    // A draft whose template does not parse cannot be published.
    const broken = (await makeDraft(owner, project, { name: 'Broken', subject: 'Hi', markdown: 'ok' })).id;
    await ok('PUT', `/${flow.id}/draft`, { ...welcome(), steps: [{ id: 'b', kind: 'send', draftId: broken }] });
    // The draft API refuses a broken template, so the test breaks one that was saved.
    await t.database.db.execute(sql`update marketing_drafts set subject = '{{ oops' where id = ${broken}`);
    const invalid = await call('POST', `/${flow.id}/draft/publish`);
    expect([invalid.statusCode, invalid.json().code]).toEqual([400, 'TEMPLATE_INVALID']);
    expect((await ok('GET', `/${flow.id}`)).liveVersion).toBe(1);
  });

  it('discards a draft back to the live version, restores an older one, and lists versions newest first', async () => {
    const flow = await ok('POST', '', { name: 'Versions', ...welcome() }, 201);
    // Never published: discarding empties the draft.
    expect(await ok('DELETE', `/${flow.id}/draft`)).toMatchObject({ trigger: null, steps: [], baseVersion: null });
    await ok('PUT', `/${flow.id}/draft`, welcome());
    await ok('POST', `/${flow.id}/draft/publish`);
    const v2 = { ...welcome(), steps: welcome().steps.slice(0, 1) };
    await ok('PUT', `/${flow.id}/draft`, v2);
    expect((await ok('GET', `/${flow.id}`)).hasChanges).toBe(true);
    await ok('POST', `/${flow.id}/draft/publish`);

    await ok('PUT', `/${flow.id}/draft`, { trigger: null, steps: [] });
    const discarded = await ok('DELETE', `/${flow.id}/draft`);
    expect(discarded).toMatchObject({ ...v2, baseVersion: 2 });
    expect((await ok('GET', `/${flow.id}`)).hasChanges).toBe(false);

    const versions = await ok('GET', `/${flow.id}/versions`);
    expect(versions.items.map((v: Json) => [v.version, v.live, v.steps.length])).toEqual([
      [2, true, 1],
      [1, false, 4],
    ]);
    expect(versions.items[0].publishedBy).toEqual({ id: owner.user.id, name: expect.any(String) });

    const restored = await ok('POST', `/${flow.id}/versions/1/restore`);
    expect(restored).toMatchObject({ ...welcome(), baseVersion: 1 });
    // The live version is not changed by a restore.
    expect(await ok('GET', `/${flow.id}`)).toMatchObject({ liveVersion: 2, hasChanges: true });
    const missing = await call('POST', `/${flow.id}/versions/9/restore`);
    expect([missing.statusCode, missing.json().code]).toEqual([404, 'FLOW_VERSION_NOT_FOUND']);
    await ok('POST', `/${flow.id}/draft/publish`);
    expect((await ok('GET', `/${flow.id}`)).liveVersion).toBe(3);
  });

  it('renames, pauses and resumes; a flow never published cannot be activated; deletes', async () => {
    const never = await ok('POST', '', { name: 'Never' }, 201);
    const refused = await call('PATCH', `/${never.id}`, { status: 'active' });
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'FLOW_NOT_PUBLISHED']);
    const empty = await call('PATCH', `/${never.id}`, {});
    expect(empty.statusCode).toBe(400);

    const flow = await ok('POST', '', { name: 'Pausable', ...welcome() }, 201);
    await ok('POST', `/${flow.id}/draft/publish`);
    expect(await ok('PATCH', `/${flow.id}`, { status: 'paused', name: 'Paused one' })).toMatchObject({
      status: 'paused',
      name: 'Paused one',
    });
    expect((await ok('PATCH', `/${flow.id}`, { status: 'active' })).status).toBe('active');
    expect(await auditEntries(t.database.db, { operationId: 'updateFlow', target: `flow:${flow.id}` })).toHaveLength(2);

    const gone = await call('DELETE', `/${flow.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call('GET', `/${flow.id}`)).statusCode).toBe(404);
    expect(await auditEntries(t.database.db, { operationId: 'deleteFlow', target: `flow:${flow.id}` })).toHaveLength(1);
  });

  it('pauses the active flows of a project that uninstalls Flows', async () => {
    const leaving = (await createProjectAs(owner, 'Leaving flows')).id;
    await installFlows(owner, leaving);
    const leavingList = (await makeMailingList(owner, leaving, { name: 'Theirs' })).id;
    const letter = (await makeDraft(owner, leaving, { name: 'Hi', subject: 'Hi', markdown: 'Hi.' })).id;
    const flow = await publishedFlow(owner, leaving, {
      name: 'Left behind',
      trigger: { kind: 'joinedList', listId: leavingList },
      steps: [{ id: 's', kind: 'send', draftId: letter }],
    });
    const gone = await owner.call('DELETE', `/v1/projects/${leaving}/integrations/flows`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const [row] = await t.database.db.select({ status: flows.status }).from(flows).where(eq(flows.id, flow.id));
    expect(row!.status).toBe('paused');
  });

  it("test-sends the draft's mails to the caller only, and refuses an API key", async () => {
    const flow = await ok('POST', '', { name: 'Tested', ...welcome() }, 201);
    const result = await ok('POST', `/${flow.id}/draft/test-send`);
    expect(result).toEqual({ to: 'owner@example.com', sent: 2 });
    const outbox = await t.app.services.mail.list({ pageSize: 10, to: 'owner@example.com' });
    expect(outbox.items.map((m) => m.subject).sort()).toEqual(['Three tips', expect.stringMatching(/^Welcome,/)]);
    const runs = await ok('GET', `/${flow.id}`);
    expect(runs.runs).toEqual({ active: 0, completed: 0, exited: 0 });

    const key = await projectKey(t, owner, project, ['flows.manage', 'flows.read']);
    const byKey = await key.call('POST', url(`/${flow.id}/draft/test-send`));
    expect([byKey.statusCode, byKey.json().code]).toEqual([400, 'TEST_SEND_NEEDS_PERSON']);

    const nothing = await ok('POST', '', { name: 'Nothing to send' }, 201);
    const none = await call('POST', `/${nothing.id}/draft/test-send`);
    expect([none.statusCode, none.json().code]).toEqual([400, 'FLOW_INVALID']);
  });
});
