import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerToken, billingUrl, charge, company, creditWallet, postWithKey } from '../../../test/billing.js';
import { bearerUser, createProjectAs } from '../../../test/projects.js';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS, purgeIdempotencyKeys, requestHash } from './idempotency.js';
import { idempotencyKeys, transactions } from '../schema.js';
import { ensureSecret } from '../../../core/security/secrets.js';

describe('Idempotency-Key on billing POSTs', () => {
  let t: TestApp;
  let ownerId: string;
  let project: string;
  let url: (path: string) => string;
  let keys = 0;
  const newKey = () => `key-${++keys}`;
  // A token minted per call: these tests move the clock past a token's life.
  const post = async (key: string, body?: object, path = '/transactions') =>
    postWithKey(t, await bearerToken(t, ownerId), url(path), key, body);
  const countOf = async (sourceReference: string) =>
    (
      await t.database.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.projectId, project), eq(transactions.sourceReference, sourceReference)))
    ).length;

  beforeAll(async () => {
    t = await createStartedTestApp();
    const owner = await bearerUser(t, 'owner@example.com');
    ownerId = owner.user.id;
    project = (await createProjectAs(owner, 'Shop')).id;
    url = (path) => billingUrl(path, project);
    await owner.call('PATCH', url('/billing'), { company });
    await creditWallet(t, project, 100_000);
  });
  afterAll(() => t.close());

  it('replays the first answer for the same key and body, without booking twice', async () => {
    const key = newKey();
    const body = charge(100, { sourceReference: 'replay' });
    const first = await post(key, body);
    expect(first.statusCode).toBe(201);
    const second = await post(key, { ...body });
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await countOf('replay')).toBe(1);
  });

  it('treats the same body written in another key order as the same request', async () => {
    const key = newKey();
    const body = charge(100, { sourceReference: 'order-of-keys' });
    const first = await post(key, body);
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const second = await post(key, reversed);
    expect(second.json()).toEqual(first.json());
    expect(await countOf('order-of-keys')).toBe(1);
  });

  it('refuses the same key with another body (422 IDEMPOTENCY_KEY_REUSED)', async () => {
    const key = newKey();
    await post(key, charge(100, { sourceReference: 'mismatch' }));
    const res = await post(key, charge(200, { sourceReference: 'mismatch' }));
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countOf('mismatch')).toBe(1);
  });

  it('refuses the same key on another operation', async () => {
    const key = newKey();
    const created = (await post(key, charge(100, { sourceReference: 'other-op', confirm: false }))).json();
    const res = await post(key, undefined, `/transactions/${created.id}/confirm`);
    expect(res.statusCode).toBe(422);
  });

  it('answers 409 IDEMPOTENCY_KEY_IN_USE while the first request with the key is in flight', async () => {
    const key = newKey();
    const body = charge(100, { sourceReference: 'in-flight' });
    const now = t.clock.now();
    const secret = await ensureSecret(t.database.db, 'idempotency-hmac');
    const hash = requestHash(secret, 'createTransaction', {
      params: {},
      query: { project },
      body: { ...body, description: undefined },
    });
    await t.database.db.insert(idempotencyKeys).values({
      projectId: project,
      key,
      operationId: 'createTransaction',
      requestHash: hash,
      state: 'in_flight',
      attempt: crypto.randomUUID(),
      createdAt: now,
      lockedAt: now,
    });
    const res = await post(key, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await countOf('in-flight')).toBe(0);

    // A request that died holding the key lets a retry take it over once its lease has run out.
    t.clock.advance(IDEMPOTENCY_LEASE_MS);
    const retried = await post(key, body);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(await countOf('in-flight')).toBe(1);
  });

  it('books once when the same key arrives many times at once', async () => {
    const key = newKey();
    const body = charge(100, { sourceReference: 'concurrent' });
    const results = await Promise.all(Array.from({ length: 10 }, () => post(key, body)));
    const statuses = results.map((r) => r.statusCode);
    expect(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(),
    ).toBe(true);
    const created = results.filter((r) => r.statusCode === 201).map((r) => r.json());
    expect(created.length).toBeGreaterThanOrEqual(1);
    for (const c of created) expect(c).toEqual(created[0]);
    for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json().code).toBe('IDEMPOTENCY_KEY_IN_USE');
    expect(await countOf('concurrent')).toBe(1);
  });

  it('replays a refusal the write gave (INSUFFICIENT_BALANCE) rather than trying again', async () => {
    const key = newKey();
    const body = charge(10_000_000, { sourceReference: 'refused' });
    const first = await post(key, body);
    expect(first.statusCode).toBe(402);
    const second = await post(key, body);
    expect(second.statusCode).toBe(402);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('does not keep refusals made before the write ran (validation), so the key stays usable', async () => {
    const key = newKey();
    expect((await post(key, charge(-1))).statusCode).toBe(400);
    expect((await post(key, charge(100, { sourceReference: 'after-400' }))).statusCode).toBe(201);
  });

  it('keeps keys 24 hours: a day less a second later it still replays, after that it is forgotten', async () => {
    const key = newKey();
    const body = charge(100, { sourceReference: 'ttl' });
    const first = await post(key, body);
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1_000);
    expect((await post(key, body)).json()).toEqual(first.json());
    expect(await countOf('ttl')).toBe(1);
    t.clock.advance(1_000);
    const fresh = await post(key, body);
    expect(fresh.statusCode).toBe(201);
    expect(fresh.json().id).not.toBe(first.json().id);
    expect(await countOf('ttl')).toBe(2);
  });

  it('purges keys past their 24 hours', async () => {
    const key = newKey();
    await post(key, charge(100, { sourceReference: 'purge' }));
    t.clock.advance(IDEMPOTENCY_KEY_TTL_MS + 1);
    expect(await purgeIdempotencyKeys(t.database.db, t.clock.now())).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(left).toEqual([]);
  });

  it('refuses an over-long key', async () => {
    const res = await post('k'.repeat(256), charge(100));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_IDEMPOTENCY_KEY');
  });

  it('makes confirm idempotent too', async () => {
    const created = (await post(newKey(), charge(100, { sourceReference: 'confirm', confirm: false }))).json();
    const key = newKey();
    const first = await post(key, undefined, `/transactions/${created.id}/confirm`);
    expect(first.statusCode).toBe(200);
    const second = await post(key, undefined, `/transactions/${created.id}/confirm`);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // Without the key, a second confirm is refused: the transaction is no longer pending.
    expect((await post(newKey(), undefined, `/transactions/${created.id}/confirm`)).statusCode).toBe(409);
  });
});
