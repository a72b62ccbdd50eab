import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../core/db/database.js';
import { createStartedTestApp, createTestApp, type TestApp } from '../../test/app.js';
import { signInAs, USER_API } from '../../test/accounts.js';
import { createTestDatabase } from '../../test/database.js';
import { bearerUser, createProjectAs } from '../../test/projects.js';
import { deleteRedisKeys, testRedisUrl } from '../../test/redis.js';
import { builtInRole } from './built-in-roles.js';
import { MemoryDecisionCache, RedisDecisionCache, type DecisionCache } from './decision-cache.js';
import { roleAssignments } from './schema.js';
import { addMember, PermissionResolver } from './service.js';

/** Every Redis test works under keys of its own run, removed afterwards. */
const prefix = `wharf-test:${randomUUID()}:`;
const connections: Redis[] = [];
async function connect(): Promise<Redis> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  connections.push(redis);
  return redis;
}
const failOnError = (message: string, error: unknown) => {
  throw new Error(`${message}: ${String(error)}`);
};

afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
  await deleteRedisKeys(testRedisUrl, prefix);
});

/** The same promises from both backings; `expire` lets the entries of a short TTL run out. */
const backings: [string, () => Promise<{ cache: DecisionCache; expire: (ms: number) => Promise<void> }>][] = [
  [
    'in-process',
    async () => {
      let now = 0;
      return {
        cache: new MemoryDecisionCache(() => now),
        expire: async (ms) => {
          now += ms;
        },
      };
    },
  ],
  [
    'Redis',
    async () => ({
      cache: new RedisDecisionCache(await connect(), `${prefix}unit:${randomUUID()}:`, failOnError),
      expire: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    }),
  ],
];

describe.each(backings)('the %s decision cache', (_name, make) => {
  const [p1, p2, u] = [randomUUID(), randomUUID(), randomUUID()];

  it('serves what was stored under the stamp of its read, until the TTL ends', async () => {
    const { cache, expire } = await make();
    const first = (await cache.read(p1, u, ['a', 'b']))!;
    expect(first.decisions.size).toBe(0);
    cache.write(
      p1,
      u,
      first.stamp,
      new Map([
        ['a', true],
        ['b', false],
      ]),
      200,
    );
    const hit = (await cache.read(p1, u, ['a', 'b', 'c']))!;
    expect([...hit.decisions]).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(hit.stamp).toBe(first.stamp);
    await expire(300);
    expect((await cache.read(p1, u, ['a', 'b']))!.decisions.size).toBe(0);
  });

  it("retires one project's entries on invalidation, and every entry on invalidateAll", async () => {
    const { cache } = await make();
    for (const project of [p1, p2]) {
      const { stamp } = (await cache.read(project, u, ['a']))!;
      cache.write(project, u, stamp, new Map([['a', true]]), 10_000);
    }
    cache.invalidateProject(p1);
    expect((await cache.read(p1, u, ['a']))!.decisions.size).toBe(0);
    expect((await cache.read(p2, u, ['a']))!.decisions.get('a')).toBe(true);
    cache.invalidateAll();
    expect((await cache.read(p2, u, ['a']))!.decisions.size).toBe(0);
  });

  it('never serves a decision read before an invalidation and stored after it', async () => {
    const { cache } = await make();
    const { stamp } = (await cache.read(p1, u, ['a']))!;
    // The roles change and are invalidated while this decision is being made from the old ones.
    cache.invalidateProject(p1);
    cache.write(p1, u, stamp, new Map([['a', true]]), 10_000);
    expect((await cache.read(p1, u, ['a']))!.decisions.size).toBe(0);
  });
});

describe('the permission cache shared through Redis', () => {
  let database: DatabaseHandle;
  let projectId: string;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    // The app goes; its database stays for the resolvers below.
    const t = await createStartedTestApp({ database });
    const owner = await bearerUser(t, 'olivia@example.com');
    projectId = (await createProjectAs(owner)).id;
    userId = (await bearerUser(t, 'mia@example.com')).user.id;
    await database.db.transaction((tx) => addMember(tx, projectId, userId, 'member'));
    await t.close();
  });
  afterAll(() => database.close());

  /** Two server processes: each its own resolver and Redis connection, one key prefix. */
  async function twoProcesses() {
    const shared = `${prefix}shared:${randomUUID()}:`;
    const [redisA, redisB] = [await connect(), await connect()];
    const a = new PermissionResolver(
      database.db,
      undefined,
      10_000,
      new RedisDecisionCache(redisA, shared, failOnError),
    );
    const b = new PermissionResolver(
      database.db,
      undefined,
      10_000,
      new RedisDecisionCache(redisB, shared, failOnError),
    );
    // Commands on one connection run in order: once a PING is answered, what was sent before is in effect.
    return { a, b, heardA: () => redisA.ping() };
  }
  const makeFinance = () =>
    database.db.insert(roleAssignments).values({ projectId, userId, roleId: builtInRole('finance').id });
  const unmakeFinance = () =>
    database.db
      .delete(roleAssignments)
      .where(and(eq(roleAssignments.userId, userId), eq(roleAssignments.roleId, builtInRole('finance').id)));

  it("serves one process's decision to the other, and an invalidation in one reaches both", async () => {
    const { a, b, heardA } = await twoProcesses();
    expect(await a.has(projectId, userId, 'billing.read')).toBe(false);
    await heardA();
    // Mia is made Finance behind the cache's back: B never asked, yet answers from A's entry.
    await makeFinance();
    try {
      expect(await b.has(projectId, userId, 'billing.read')).toBe(false);
      a.invalidateProject(projectId);
      await heardA();
      expect(await b.has(projectId, userId, 'billing.read')).toBe(true);
      expect(await a.has(projectId, userId, 'billing.read')).toBe(true);

      await unmakeFinance();
      expect(await b.has(projectId, userId, 'billing.read')).toBe(true);
      a.invalidateAll();
      await heardA();
      expect(await b.has(projectId, userId, 'billing.read')).toBe(false);
    } finally {
      await unmakeFinance();
    }
  });

  it('shares it between two apps given REDIS_URL: a role changed through one is in effect in the other', async () => {
    const config = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: `${prefix}apps:${randomUUID()}:` };
    const one: TestApp = await createTestApp({ database, config });
    const two: TestApp = await createTestApp({ database, config });
    try {
      const owner = await bearerUser(one, 'owner.apps@example.com');
      const project = await createProjectAs(owner, 'Apps');
      const member = await bearerUser(one, 'member.apps@example.com');
      await database.db.transaction((tx) => addMember(tx, project.id, member.user.id, 'viewer'));
      const canBill = () => one.app.services.permissions.has(project.id, member.user.id, 'billing.read');
      expect(await canBill()).toBe(false);

      // The owner makes the member Finance through the other process.
      const session = await signInAs(two, 'owner.apps@example.com');
      const token = (await session.post(`${USER_API}/token`)).json().token as string;
      const changed = await two.app.inject({
        method: 'PATCH',
        url: `/v1/projects/${project.id}/users/${member.user.id}`,
        headers: { authorization: `Bearer ${token}` },
        payload: { roles: ['finance'] },
      });
      expect(changed.statusCode).toBe(200);
      // The invalidation travels through Redis: in effect in the first process as soon as Redis has it.
      await expect.poll(canBill, { timeout: 2_000, interval: 20 }).toBe(true);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('refuses to start when REDIS_URL names no Redis', async () => {
    const own = await createTestDatabase();
    try {
      await expect(createTestApp({ database: own, config: { REDIS_URL: 'redis://127.0.0.1:1' } })).rejects.toThrow(
        /Cannot reach Redis at REDIS_URL/,
      );
    } finally {
      await own.close();
    }
  });
});
