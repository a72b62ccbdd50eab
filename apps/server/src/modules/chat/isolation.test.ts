import { operations as allOperations, type Operation } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { fingerprintOf } from '../../test/fingerprint.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';

/** A valid body per chat operation, so that validation passes and only access can refuse. */
const bodies: Record<string, unknown> = {
  createChannel: { kind: 'open', name: 'Planted' },
  updateChannel: { name: 'Taken over', archived: true },
  addChannelUsers: { users: ['00000000-0000-4000-8000-000000000000'] },
  removeChannelUsers: { users: ['00000000-0000-4000-8000-000000000000'] },
  createMessage: { text: 'Planted' },
  updateMessage: { text: 'Taken over' },
  addReaction: { emoji: '👍' },
  removeReaction: { emoji: '👍' },
  updateChannelUser: { muted: true },
  updateSubscription: { muted: true },
};

/** A valid query beyond the project, where an operation needs one. */
const queries: Record<string, string> = { searchMessages: 'search=Only' };

const TABLES = ['chat_channels', 'chat_members', 'chat_messages', 'chat_reactions'];

/**
 * Generated from chat's operation table: the owner of project B — every permission there, none in
 * A — calls each chat operation with the real ids of A's channels and messages, naming A's project
 * and then their own, and is refused (403 or 404) with nothing changed. The generated tenant
 * isolation suite (core/http) uses made-up ids; chat's calls without a project find the project
 * from the channel, so they need real ones.
 */
describe("chat: another project's member reaches nothing", () => {
  let t: TestApp;
  let owner: BearerUser;
  let intruder: BearerUser;
  let projectA: string;
  let projectB: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner.a@example.com');
    intruder = await bearerUser(t, 'owner.b@example.com');
    projectA = (await createProjectAs(owner, 'Project A')).id;
    projectB = (await createProjectAs(intruder, 'Project B')).id;
    for (const kind of ['open', 'private'] as const) {
      const channel = await owner.call('POST', `/v1/chat/channels?project=${projectA}`, { kind, name: `A ${kind}` });
      expect(channel.statusCode).toBe(201);
      const message = await owner.call('POST', `/v1/chat/channels/${channel.json().id}/messages?project=${projectA}`, {
        text: 'Only for project A',
      });
      expect(message.statusCode).toBe(201);
      await owner.call('POST', `/v1/chat/channels/${channel.json().id}/messages/${message.json().id}/reactions`, {
        emoji: '👍',
      });
      ids[kind] = channel.json().id;
      ids[`${kind}Message`] = message.json().id;
    }
    const support = await owner.call('POST', `/v1/chat/channels?project=${projectA}`, { kind: 'support' });
    ids.support = support.json().id;
  });
  afterAll(() => t.close());

  const fingerprint = () => fingerprintOf(t, TABLES);

  const operations = (Object.values(allOperations) as Operation[]).filter((op) => op.path.startsWith('/v1/chat/'));
  const cases = operations
    .filter((op) => op.path.includes('{channel}') || op.path.includes('{subscription}'))
    .flatMap((op) =>
      (['open', 'private', 'support'] as const).flatMap((kind) =>
        (op.query && 'project' in op.query.shape ? ['A', 'B'] : ['-']).map(
          (named) => [op.operationId, kind, named, op] as const,
        ),
      ),
    );

  it.each(cases)('%s on A’s %s channel (project named: %s) is refused', async (_id, kind, named, op) => {
    const message = ids[`${kind}Message`] ?? ids.openMessage!;
    const url = op.path
      .replace('{channel}', ids[kind]!)
      .replace('{message}', message)
      // The intruder's own entry: the one they could change, were the channel theirs to read.
      .replace('{user}', intruder.user.id)
      // A subscription's id is its channel's.
      .replace('{subscription}', ids[kind]!);
    const project = named === 'A' ? projectA : projectB;
    const search = [named === '-' ? undefined : `project=${project}`, queries[op.operationId]].filter(Boolean);
    const withQuery = search.length > 0 ? `${url}?${search.join('&')}` : url;
    const before = await fingerprint();
    const res = await intruder.call(op.method, withQuery, op.body ? bodies[op.operationId] : undefined);
    expect([403, 404], `${op.operationId}: ${res.body}`).toContain(res.statusCode);
    expect(await fingerprint()).toBe(before);
  });

  it("lists none of A's channels, and A's owner sees them all", async () => {
    const theirs = (await intruder.call('GET', '/v1/chat/channels')).json().items as { id: string }[];
    expect(theirs.map((c) => c.id)).not.toEqual(expect.arrayContaining([ids.open]));
    expect(theirs.some((c) => [ids.open, ids.private, ids.support].includes(c.id))).toBe(false);
    const mine = (await owner.call('GET', '/v1/chat/channels')).json().items as { id: string }[];
    expect(mine.map((c) => c.id)).toEqual(expect.arrayContaining([ids.open, ids.private, ids.support]));
  });

  it('refuses a channel made in A from B’s side (the project in the query is checked)', async () => {
    const before = await fingerprint();
    const res = await intruder.call('POST', `/v1/chat/channels?project=${projectA}`, bodies.createChannel);
    expect(res.statusCode).toBe(403);
    expect(await fingerprint()).toBe(before);
  });

  it.each(operations.map((op) => [op.operationId, op] as const))(
    '%s refuses the project’s own API key, even one holding every chat permission',
    async (_id, op) => {
      const made = await owner.call('POST', `/v1/projects/${projectA}/auth`, {
        name: `Chat bot ${op.operationId}`,
        permissions: ['chat.read', 'chat.write', 'chat.manage'],
      });
      expect(made.statusCode).toBe(201);
      const url = op.path
        .replace('{channel}', ids.open!)
        .replace('{subscription}', ids.open!)
        .replace('{message}', ids.openMessage!)
        .replace('{user}', owner.user.id);
      const search = [
        op.query && 'project' in op.query.shape ? `project=${projectA}` : undefined,
        queries[op.operationId],
      ];
      const query = search.filter(Boolean).join('&');
      // The read state's bodies name A's own channel and message.
      const keyBodies: Record<string, object> = {
        markMessagesRead: { marks: [{ channel: ids.open, message: ids.openMessage }] },
        getMessagesMetadata: { messages: [ids.openMessage] },
      };
      const before = await fingerprint();
      const res = await t.app.inject({
        method: op.method,
        url: query ? `${url}?${query}` : url,
        headers: { authorization: `Bearer ${made.json().secret}` },
        ...(op.body ? { payload: keyBodies[op.operationId] ?? (bodies[op.operationId] as object) } : {}),
      });
      expect(res.statusCode, `${op.operationId}: ${res.body}`).toBe(403);
      expect(await fingerprint()).toBe(before);
    },
  );

  it('covers every chat operation that names a channel', () => {
    expect(new Set(cases.map(([id]) => id)).size).toBe(
      operations.filter((op) => op.path.includes('{channel}') || op.path.includes('{subscription}')).length,
    );
  });
});
