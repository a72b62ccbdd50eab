import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { deleteRedisKeys, testRedisUrl } from '../../test/redis.js';
import { createTestClock } from '../clock.js';
import { InProcessBus, openRealtimeBus, RedisBus, type RealtimeBus, type RealtimeEvent } from './bus.js';

/** Every Redis test works under keys of its own run, removed afterwards. */
const prefix = `wharf-test:${randomUUID()}:`;
/** The name of this run's connections, so a test can drop its own subscriber and no one else's. */
const connectionName = `wharf-test-realtime-${randomUUID()}`;
const connections: Redis[] = [];
async function connect(): Promise<Redis> {
  const redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName });
  await redis.connect();
  connections.push(redis);
  return redis;
}

const buses: RealtimeBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});
afterAll(async () => {
  await Promise.all(connections.map((c) => c.quit()));
  await deleteRedisKeys(testRedisUrl, prefix);
});

interface Made {
  bus: RealtimeBus;
  errors: { message: string; error: unknown }[];
}
type Make = (options?: { maxEvents?: number }) => Promise<Made>;

const backings: [string, Make][] = [
  [
    'in-process',
    async (options = {}) => {
      const errors: Made['errors'] = [];
      const bus = openRealtimeBus(undefined, {
        ...options,
        onError: (message, error) => errors.push({ message, error }),
      });
      expect(bus).toBeInstanceOf(InProcessBus);
      buses.push(bus);
      return { bus, errors };
    },
  ],
  [
    'Redis',
    async (options = {}) => {
      const errors: Made['errors'] = [];
      const bus = openRealtimeBus(await connect(), {
        ...options,
        prefix,
        onError: (message, error) => errors.push({ message, error }),
      });
      expect(bus).toBeInstanceOf(RedisBus);
      buses.push(bus);
      return { bus, errors };
    },
  ],
];

/** Collects a topic's events; `until(n)` resolves once n have arrived (no sleeping). */
function collect(bus: RealtimeBus, topic: string) {
  const events: RealtimeEvent[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const unsubscribe = bus.subscribe(topic, (event) => {
    events.push(event);
    for (const waiter of waiters.filter((w) => events.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    events,
    unsubscribe,
    until: (count: number) =>
      events.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve })),
  };
}

const topic = () => `chat:${randomUUID()}`;

describe.each(backings)('the %s realtime bus', (_name, make) => {
  it('delivers an event to the listeners of its topic only', async () => {
    const { bus } = await make();
    const [a, b] = [topic(), topic()];
    const onA = collect(bus, a);
    const alsoOnA = collect(bus, a);
    const onB = collect(bus, b);
    await bus.ready();

    const published = await bus.publish(a, { text: 'hello' });
    // A later event on b is heard after the one on a, so b's listener heard nothing of a's.
    const marker = await bus.publish(b, { text: 'marker' });
    await Promise.all([onA.until(1), alsoOnA.until(1), onB.until(1)]);

    expect(published).toMatchObject({ topic: a, data: { text: 'hello' } });
    expect(published.id).toMatch(/^\d+-\d+$/);
    expect(new Date(published.at).toISOString()).toBe(published.at);
    expect(onA.events).toEqual([published]);
    expect(alsoOnA.events).toEqual([published]);
    expect(onB.events).toEqual([marker]);
  });

  it('stops delivering to a listener that unsubscribed', async () => {
    const { bus } = await make();
    const t = topic();
    const leaving = collect(bus, t);
    const staying = collect(bus, t);
    await bus.ready();

    const first = await bus.publish(t, { n: 1 });
    await leaving.until(1);
    leaving.unsubscribe();
    await bus.publish(t, { n: 2 });
    await staying.until(2);

    expect(leaving.events).toEqual([first]);
    expect(staying.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('delivers many events of one topic in the order of their ids', async () => {
    const { bus } = await make();
    const t = topic();
    const heard = collect(bus, t);
    await bus.ready();

    const published = await Promise.all(Array.from({ length: 200 }, (_, n) => bus.publish(t, { n })));
    await heard.until(200);

    const ids = heard.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(200);
    expect([...ids].sort(compareIds)).toEqual(ids);
    expect([...published].sort((x, y) => compareIds(x.id, y.id))).toEqual(heard.events);
  });

  it('returns exactly the events after an id, in order, a page at a time', async () => {
    const { bus } = await make();
    const t = topic();
    const published: RealtimeEvent[] = [];
    for (let n = 0; n < 20; n += 1) published.push(await bus.publish(t, { n }));
    await bus.publish(topic(), { other: true });

    expect(await bus.since(t, published[4]!.id, 100)).toEqual(published.slice(5));
    expect(await bus.since(t, published[4]!.id, 3)).toEqual(published.slice(5, 8));
    expect(await bus.since(t, published[19]!.id, 100)).toEqual([]);
    expect(await bus.since(t, undefined, 100)).toEqual(published);
    expect(await bus.since(topic(), undefined, 100)).toEqual([]);
  });

  it('names the newest kept event of a topic, or null for a topic with none', async () => {
    const { bus } = await make();
    const t = topic();
    expect(await bus.latest(t)).toBeNull();
    await bus.publish(t, { n: 1 });
    const second = await bus.publish(t, { n: 2 });
    await bus.publish(topic(), { other: true });
    expect(await bus.latest(t)).toBe(second.id);
  });

  it("answers 'too-old' for an id no longer in the kept history", async () => {
    const { bus } = await make({ maxEvents: 5 });
    const t = topic();
    const published: RealtimeEvent[] = [];
    // Redis trims approximately (whole nodes of 100 entries): 250 events are well past what it keeps.
    for (let n = 0; n < 250; n += 1) published.push(await bus.publish(t, { n }));

    expect(await bus.since(t, published[0]!.id, 10)).toBe('too-old');
    expect(await bus.since(t, published[248]!.id, 10)).toEqual([published[249]]);
    // An id this topic never had (another topic's, or one from before a restart) cannot be trusted either.
    expect(await bus.since(t, '1-0', 10)).toBe('too-old');
    expect(await bus.since(topic(), published[249]!.id, 10)).toBe('too-old');
    const kept = await bus.since(t, undefined, 1_000);
    expect(kept === 'too-old' ? [] : kept.slice(-5)).toEqual(published.slice(-5));
  });

  it('keeps delivering to the other listeners when one throws', async () => {
    const { bus, errors } = await make();
    const t = topic();
    const before = collect(bus, t);
    bus.subscribe(t, () => {
      throw new Error('listener broke');
    });
    const after = collect(bus, t);
    await bus.ready();

    await bus.publish(t, { n: 1 });
    await bus.publish(t, { n: 2 });
    await Promise.all([before.until(2), after.until(2)]);

    expect(after.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(errors).toHaveLength(2);
    expect(errors[0]!.message).toContain(t);
    expect(String(errors[0]!.error)).toContain('listener broke');
  });
});

describe('the in-process realtime bus', () => {
  it('forgets events older than its maximum age', async () => {
    const clock = createTestClock();
    const bus = new InProcessBus({ onError: () => undefined, clock, maxAgeMs: 60_000 });
    buses.push(bus);
    const t = topic();
    const old = await bus.publish(t, { n: 1 });
    clock.advance(30_000);
    const recent = await bus.publish(t, { n: 2 });
    expect(await bus.since(t, old.id, 10)).toEqual([recent]);

    clock.advance(30_001);
    expect(await bus.since(t, old.id, 10)).toBe('too-old');
    expect(await bus.since(t, recent.id, 10)).toEqual([]);
  });

  it('keeps ids growing when the clock steps back', async () => {
    const clock = createTestClock();
    const bus = new InProcessBus({ onError: () => undefined, clock });
    buses.push(bus);
    const first = await bus.publish('t', {});
    clock.advance(-5_000);
    const second = await bus.publish('t', {});
    expect(compareIds(first.id, second.id)).toBeLessThan(0);
  });
});

describe('the Redis realtime bus across processes', () => {
  const onError = (message: string, error: unknown) => {
    throw new Error(`${message}: ${String(error)}`);
  };

  it('delivers an event published by one process to the listeners of another', async () => {
    const one = new RedisBus(await connect(), { prefix, onError });
    const two = new RedisBus(await connect(), { prefix, onError });
    buses.push(one, two);
    const t = topic();
    const onTwo = collect(two, t);
    const onOne = collect(one, t);
    await Promise.all([one.ready(), two.ready()]);

    const fromOne = await one.publish(t, { from: 'one' });
    const fromTwo = await two.publish(t, { from: 'two' });
    await Promise.all([onOne.until(2), onTwo.until(2)]);

    expect(onTwo.events).toEqual([fromOne, fromTwo]);
    expect(onOne.events).toEqual([fromOne, fromTwo]);
    expect(await two.since(t, fromOne.id, 10)).toEqual([fromTwo]);
  });

  it('replays what its subscriber missed while disconnected, once and in order', async () => {
    const errors: string[] = [];
    const listening = new RedisBus(await connect(), { prefix, onError: (message) => errors.push(message) });
    const publishing = new RedisBus(await connect(), { prefix, onError });
    buses.push(listening, publishing);
    const [t, quiet] = [topic(), topic()];
    const heard = collect(listening, t);
    const gaps: string[] = [];
    listening.subscribe(quiet, () => undefined, { onGap: () => gaps.push(quiet) });
    await listening.ready();

    await publishing.publish(t, { n: 1 });
    await heard.until(1);
    await dropSubscriber();
    // The subscriber is gone on the server's side now: these two reach it only through the stream.
    await publishing.publish(t, { n: 2 });
    await publishing.publish(t, { n: 3 });
    await heard.until(3);
    await publishing.publish(t, { n: 4 });
    await heard.until(4);

    expect(heard.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    // The quiet topic had no event to start from, but the bus had heard one: nothing lost, no reload.
    expect(gaps).toEqual([]);
    expect(errors.filter((m) => !m.includes('channel error'))).toEqual([]);
  });

  it('replays a topic that had heard nothing from when its listener came, without older events', async () => {
    const listening = new RedisBus(await connect(), { prefix, onError: () => undefined });
    const publishing = new RedisBus(await connect(), { prefix, onError });
    buses.push(listening, publishing);
    const t = topic();
    await publishing.publish(t, { n: 'before the listener' });
    const gaps: string[] = [];
    const heard = collect(listening, t);
    listening.subscribe(t, () => undefined, { onGap: () => gaps.push(t) });
    await listening.ready();

    await dropSubscriber();
    await publishing.publish(t, { n: 1 });
    await heard.until(1);
    await publishing.publish(t, { n: 2 });
    await heard.until(2);

    expect(heard.events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(gaps).toEqual([]);
  });

  it('tells listeners to reload when what they missed is no longer kept', async () => {
    const listening = new RedisBus(await connect(), { prefix, onError: () => undefined });
    const publishing = new RedisBus(await connect(), { prefix, onError });
    buses.push(listening, publishing);
    const t = topic();
    let gapped!: () => void;
    const gap = new Promise<void>((resolve) => (gapped = resolve));
    const heard = collect(listening, t);
    listening.subscribe(t, () => undefined, { onGap: () => gapped() });
    await listening.ready();
    await publishing.publish(t, { n: 1 });
    await heard.until(1);

    await dropSubscriber();
    // The history is gone (it expired, or Redis lost it) before the subscriber is back.
    const admin = await connect();
    await admin.del(`${prefix}realtime:${t}`);
    await publishing.publish(t, { n: 2 });
    await gap;

    // Live events flow again after the gap.
    await publishing.publish(t, { n: 3 });
    await heard.until(2);
    expect(heard.events.map((e) => e.data).at(-1)).toEqual({ n: 3 });
  });

  it('delivers 1,000 events across processes (latency printed, not asserted)', async () => {
    const one = new RedisBus(await connect(), { prefix, onError });
    const two = new RedisBus(await connect(), { prefix, onError });
    buses.push(one, two);
    const t = topic();
    const sent = new Map<number, number>();
    const latencies: number[] = [];
    const heard = collect(two, t);
    two.subscribe(t, (event) => latencies.push(performance.now() - sent.get((event.data as { n: number }).n)!));
    await two.ready();

    for (let n = 0; n < 1_000; n += 1) {
      sent.set(n, performance.now());
      await one.publish(t, { n });
    }
    await heard.until(1_000);

    expect(heard.events.map((e) => (e.data as { n: number }).n)).toEqual([...sent.keys()]);
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2);
    console.log(`realtime over Redis, 1,000 events one process to another: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  });
});

/** Closes this run's subscriber connections from the server's side, as a network cut would. */
async function dropSubscriber(): Promise<void> {
  const admin = await connect();
  const clients = (await admin.client('LIST')) as string;
  const ids = clients
    .split('\n')
    .filter((line) => line.includes(`name=${connectionName} `) && /\bflags=\S*P/.test(line))
    .map((line) => /\bid=(\d+)/.exec(line)![1]!);
  expect(ids.length).toBeGreaterThan(0);
  for (const id of ids) await admin.client('KILL', 'ID', id);
}

function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(Number);
  const [bm, bs] = b.split('-').map(Number);
  return am! - bm! || as! - bs!;
}
