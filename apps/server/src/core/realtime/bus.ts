import type { Redis } from 'ioredis';
import { systemClock, type Clock } from '../clock.js';

/**
 * One event on a topic (a chat channel, say). Ids are `<ms>-<seq>` and grow within a topic, so a
 * client that reconnects can ask for what came "after id X" (`since`).
 */
export interface RealtimeEvent {
  id: string;
  topic: string;
  /** When the event was published (ISO 8601). */
  at: string;
  data: object;
}

export interface SubscribeOptions {
  /**
   * Called when events of the topic were lost for this listener and cannot be replayed (the bus
   * lost Redis for longer than the kept history): whoever listens should reload from the database.
   */
  onGap?: () => void;
}

/**
 * Where realtime events travel between server processes: Redis when REDIS_URL is set, else within
 * the process. Each topic keeps a bounded history, so a reconnecting client catches up with `since`.
 *
 * To miss nothing, a socket subscribes first, awaits `ready()`, then asks `since(lastId)`, and drops
 * any event whose id it has already sent (the two may overlap).
 */
export interface RealtimeBus {
  /** Stores the event in the topic's history and delivers it to every process's listeners; rejects when Redis is away. */
  publish(topic: string, event: object): Promise<RealtimeEvent>;
  /** Listens to one topic; returns the function that stops listening. */
  subscribe(topic: string, listener: (event: RealtimeEvent) => void, options?: SubscribeOptions): () => void;
  /** Resolves once the listeners subscribed so far hear every event published from now on. */
  ready(): Promise<void>;
  /**
   * The kept events after `afterId`, oldest first, at most `limit` (ask again from the last one
   * for more); without `afterId`, from the oldest kept. 'too-old' when `afterId` is no longer in
   * the history, so events after it may be gone: the caller reloads instead of missing them.
   */
  since(topic: string, afterId: string | undefined, limit: number): Promise<RealtimeEvent[] | 'too-old'>;
  /** The id of the topic's newest kept event (null: none kept), where a new listener's catching up would start. */
  latest(topic: string): Promise<string | null>;
  close(): Promise<void>;
}

export interface RealtimeBusOptions {
  /** Where a throwing listener or a Redis failure is reported; never thrown at the publisher. */
  onError: (message: string, error: unknown) => void;
  /** REDIS_KEY_PREFIX: keys are `{prefix}realtime:{topic}`, the channel `{prefix}realtime`. */
  prefix?: string;
  /** Events kept per topic for catching up (Redis keeps at least this many: it trims approximately). */
  maxEvents?: number;
  /** How long events are kept for catching up; a client away longer reloads. */
  maxAgeMs?: number;
  clock?: Clock;
}

const DEFAULT_MAX_EVENTS = 1_000;
const DEFAULT_MAX_AGE_MS = 5 * 60_000;
/** Events read from a stream per round trip when replaying after a reconnection. */
const REPLAY_PAGE = 500;

/** The Redis bus when the app has a Redis connection, else the in-process one. */
export function openRealtimeBus(redis: Redis | undefined, options: RealtimeBusOptions): RealtimeBus {
  return redis ? new RedisBus(redis, options) : new InProcessBus(options);
}

/** Orders two `<ms>-<seq>` ids: negative, zero or positive. */
export function compareEventIds(a: string, b: string): number {
  // On every event for every listener: two slices and no arrays.
  const ad = a.indexOf('-');
  const bd = b.indexOf('-');
  return Number(a.slice(0, ad)) - Number(b.slice(0, bd)) || Number(a.slice(ad + 1)) - Number(b.slice(bd + 1));
}

interface TopicListeners {
  listeners: Map<(event: RealtimeEvent) => void, SubscribeOptions>;
  /** The last event delivered here, so an event replayed after a reconnection is not delivered twice. */
  lastId?: string;
  /**
   * The topic's newest kept event when it got its first listener (null: it had none), where a replay
   * after a reconnection starts if nothing was delivered yet.
   */
  fromId?: string | null;
}

/** Listeners by topic, shared by both buses: one failing listener never keeps the event from the others. */
class Listeners {
  readonly topics = new Map<string, TopicListeners>();

  constructor(private readonly onError: (message: string, error: unknown) => void) {}

  add(topic: string, listener: (event: RealtimeEvent) => void, options: SubscribeOptions): () => void {
    let entry = this.topics.get(topic);
    if (!entry) {
      entry = { listeners: new Map() };
      this.topics.set(topic, entry);
    }
    // A second subscription of the same function would replace the first; wrapping keeps both.
    const own = (event: RealtimeEvent) => listener(event);
    entry.listeners.set(own, options);
    const listening = entry;
    return () => {
      listening.listeners.delete(own);
      if (listening.listeners.size === 0 && this.topics.get(topic) === listening) this.topics.delete(topic);
    };
  }

  dispatch(event: RealtimeEvent): void {
    const entry = this.topics.get(event.topic);
    if (!entry) return;
    if (entry.lastId !== undefined && compareEventIds(event.id, entry.lastId) <= 0) return;
    entry.lastId = event.id;
    // A copy: a listener may unsubscribe (itself or another) while the event is delivered.
    for (const listener of [...entry.listeners.keys()]) {
      try {
        listener(event);
      } catch (error) {
        this.onError(`realtime listener failed on ${event.topic}`, error);
      }
    }
  }

  gap(topic: string): void {
    const entry = this.topics.get(topic);
    if (!entry) return;
    for (const options of [...entry.listeners.values()]) {
      try {
        options.onGap?.();
      } catch (error) {
        this.onError(`realtime gap handler failed on ${topic}`, error);
      }
    }
  }

  clear(): void {
    this.topics.clear();
  }
}

/**
 * One server process: listeners in a map, and per topic a ring of the last `maxEvents` events
 * younger than `maxAgeMs`. Ids are `<ms>-<seq>` like Redis's, so an id from before a restart is
 * never mistaken for a new one (a plain counter would start again at 1).
 */
export class InProcessBus implements RealtimeBus {
  private readonly listeners: Listeners;
  private readonly history = new Map<string, { event: RealtimeEvent; ms: number }[]>();
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly clock: Clock;
  private lastMs = 0;
  private seq = 0;
  private lastSweep = 0;

  constructor(options: RealtimeBusOptions) {
    this.listeners = new Listeners(options.onError);
    this.maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.clock = options.clock ?? systemClock;
  }

  publish(topic: string, data: object): Promise<RealtimeEvent> {
    const now = this.clock.now();
    const ms = now.getTime();
    // Ids only grow, even if the clock steps back.
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.seq = 0;
    } else {
      this.seq += 1;
    }
    const event: RealtimeEvent = { id: `${this.lastMs}-${this.seq}`, topic, at: now.toISOString(), data };
    let ring = this.history.get(topic);
    if (!ring) {
      ring = [];
      this.history.set(topic, ring);
    }
    ring.push({ event, ms });
    while (ring.length > this.maxEvents) ring.shift();
    this.forgetOld(ms, topic);
    // Delivered on the next turn, as Redis would: the publisher (a request about to answer) does
    // not wait for a thousand sockets to be written to.
    setImmediate(() => this.listeners.dispatch(event));
    return Promise.resolve(event);
  }

  subscribe(topic: string, listener: (event: RealtimeEvent) => void, options: SubscribeOptions = {}): () => void {
    return this.listeners.add(topic, listener, options);
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  since(topic: string, afterId: string | undefined, limit: number): Promise<RealtimeEvent[] | 'too-old'> {
    this.forgetOld(this.clock.now().getTime(), topic);
    const ring = this.history.get(topic) ?? [];
    let start = 0;
    if (afterId !== undefined) {
      // The same rule as Redis: the last event the client saw must still be kept, else some after it may be gone.
      const index = ring.findIndex(({ event }) => event.id === afterId);
      if (index < 0) return Promise.resolve('too-old');
      start = index + 1;
    }
    return Promise.resolve(ring.slice(start, start + Math.max(0, limit)).map(({ event }) => event));
  }

  latest(topic: string): Promise<string | null> {
    this.forgetOld(this.clock.now().getTime(), topic);
    return Promise.resolve(this.history.get(topic)?.at(-1)?.event.id ?? null);
  }

  close(): Promise<void> {
    this.listeners.clear();
    this.history.clear();
    return Promise.resolve();
  }

  /** Drops the topic's events past `maxAgeMs`, and once per `maxAgeMs` those of topics nobody published to lately. */
  private forgetOld(now: number, topic: string): void {
    const oldest = now - this.maxAgeMs;
    const trim = (name: string, ring: { ms: number }[]) => {
      while (ring.length > 0 && ring[0]!.ms < oldest) ring.shift();
      if (ring.length === 0) this.history.delete(name);
    };
    const ring = this.history.get(topic);
    if (ring) trim(topic, ring);
    if (now - this.lastSweep >= this.maxAgeMs) {
      this.lastSweep = now;
      for (const [name, other] of this.history) trim(name, other);
    }
  }
}

/**
 * XADD and PUBLISH in one script: atomic, so every process hears a topic's events in the order of
 * their stream ids, and the published message carries the id XADD chose (a MULTI could not).
 * The stream is trimmed by count and by age, and expires when nobody publishes for `maxAgeMs`.
 */
const PUBLISH_SCRIPT = `
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[3])
local ms = tonumber(string.match(id, '^(%d+)'))
redis.call('XTRIM', KEYS[1], 'MINID', '~', tostring(ms - tonumber(ARGV[2])))
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PUBLISH', KEYS[2], '{"id":"' .. id .. '",' .. string.sub(ARGV[3], 2))
return id
`;

/**
 * Across processes: each topic's history is a Redis Stream `{prefix}realtime:{topic}`, and every
 * event goes out on ONE channel `{prefix}realtime`, so a process holds a single subscriber
 * connection however many topics it listens to, and hands each event to its listeners by topic.
 * The subscriber is a connection of its own (a subscribed connection can do nothing else), opened
 * on the first `subscribe`. When it reconnects, the bus replays what its topics missed from the
 * streams before delivering anything new.
 */
export class RedisBus implements RealtimeBus {
  private readonly listeners: Listeners;
  private readonly channel: string;
  private readonly keyPrefix: string;
  private readonly maxEvents: number;
  private readonly maxAgeMs: number;
  private readonly clock: Clock;
  private readonly onError: (message: string, error: unknown) => void;
  private subscriber: Redis | undefined;
  private subscribed: Promise<void> | undefined;
  /** Messages that arrived while missed events are replayed after a reconnection; delivered after them. */
  private held: RealtimeEvent[] | undefined;
  /** The time part of the last id heard on the channel, whatever its topic. */
  private lastSeenMs: number | undefined;
  private again = false;
  /** Reads of new topics' newest events, which `ready()` waits for. */
  private readonly starting = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly redis: Redis,
    options: RealtimeBusOptions,
  ) {
    this.onError = options.onError;
    this.listeners = new Listeners(options.onError);
    const prefix = options.prefix ?? '';
    this.channel = `${prefix}realtime`;
    this.keyPrefix = `${prefix}realtime:`;
    this.maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.clock = options.clock ?? systemClock;
  }

  async publish(topic: string, data: object): Promise<RealtimeEvent> {
    const at = this.clock.now().toISOString();
    const body = JSON.stringify({ topic, at, data });
    const id = (await this.redis.eval(
      PUBLISH_SCRIPT,
      2,
      this.keyPrefix + topic,
      this.channel,
      String(this.maxEvents),
      String(this.maxAgeMs),
      body,
    )) as string;
    return { id, topic, at, data };
  }

  subscribe(topic: string, listener: (event: RealtimeEvent) => void, options: SubscribeOptions = {}): () => void {
    const isNew = !this.listeners.topics.has(topic);
    const unsubscribe = this.listeners.add(topic, listener, options);
    if (isNew) this.markStart(topic);
    this.listen();
    return unsubscribe;
  }

  async ready(): Promise<void> {
    await Promise.all([this.subscribed, ...this.starting]);
  }

  async since(topic: string, afterId: string | undefined, limit: number): Promise<RealtimeEvent[] | 'too-old'> {
    if (limit <= 0) return [];
    if (afterId === undefined) return this.read(topic, '-', limit);
    // From afterId itself: it must still be kept, else events after it may have been trimmed away.
    // (A stream that expired, or an id from before Redis lost its data, is 'too-old' too.)
    const events = await this.read(topic, afterId, limit + 1);
    if (events[0]?.id !== afterId) return 'too-old';
    return events.slice(1);
  }

  async latest(topic: string): Promise<string | null> {
    const [newest] = await this.redis.xrevrange(this.keyPrefix + topic, '+', '-', 'COUNT', 1);
    return newest?.[0] ?? null;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (!subscriber) return;
    try {
      await subscriber.quit();
    } catch {
      subscriber.disconnect();
    }
  }

  private async read(topic: string, start: string, count: number): Promise<RealtimeEvent[]> {
    const entries = await this.redis.xrange(this.keyPrefix + topic, start, '+', 'COUNT', count);
    const events: RealtimeEvent[] = [];
    for (const [id, fields] of entries) {
      const event = parseEvent(id, fields[1]);
      if (event) events.push(event);
      else this.onError('unreadable realtime event', new Error(`${this.keyPrefix}${topic} ${id}`));
    }
    return events;
  }

  private listen(): void {
    if (this.subscriber || this.closed) return;
    // Queues while reconnecting, and subscribes again afterwards (like the session revocations).
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber = subscriber;
    subscriber.on('error', (error: unknown) => this.onError('redis realtime channel error', error));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      const event = parseEvent(undefined, message);
      if (!event) {
        this.onError('unreadable realtime message', new Error(message.slice(0, 200)));
        return;
      }
      if (this.held) this.held.push(event);
      else this.deliver(event);
    });
    let connected = false;
    subscriber.on('ready', () => {
      if (connected) void this.catchUp(subscriber);
      connected = true;
    });
    this.subscribed = subscriber.subscribe(this.channel).then(
      () => undefined,
      (error: unknown) => {
        this.onError('redis realtime channel not subscribed', error);
        throw error;
      },
    );
    // Nobody may be awaiting ready(); the failure is reported above.
    this.subscribed.catch(() => undefined);
  }

  /**
   * After a reconnection, events published while the subscriber was away are read from each
   * topic's stream and delivered in order; the live ones that arrive meanwhile wait behind them.
   * A topic whose missed events are no longer kept tells its listeners to reload (`onGap`).
   */
  private async catchUp(subscriber: Redis): Promise<void> {
    // Dropped again while replaying: the replay in progress goes round once more.
    if (this.held) {
      this.again = true;
      return;
    }
    this.held = [];
    try {
      do {
        this.again = false;
        // The resubscription ioredis sends is acknowledged before this one: from here nothing is missed.
        await subscriber.subscribe(this.channel);
        for (const [topic, entry] of [...this.listeners.topics]) {
          try {
            await this.replay(topic, entry);
          } catch (error) {
            this.onError(`realtime events of ${topic} not replayed after a reconnection`, error);
            this.listeners.gap(topic);
          }
        }
      } while (this.again && !this.closed);
    } catch (error) {
      this.onError('redis realtime channel not resubscribed', error);
    } finally {
      const held = this.held;
      this.held = undefined;
      for (const event of held) this.deliver(event);
    }
  }

  /**
   * Notes the topic's newest event when it gets its first listener, so that a replay after a
   * reconnection starts after it rather than with the topic's older events.
   */
  private markStart(topic: string): void {
    const entry = this.listeners.topics.get(topic);
    const starting: Promise<void> = this.latest(topic)
      .then((newest) => {
        if (entry && entry.fromId === undefined) entry.fromId = newest;
      })
      .catch((error: unknown) =>
        this.onError(`realtime history of ${topic} not read; a replay may ask to reload`, error),
      )
      .finally(() => this.starting.delete(starting));
    this.starting.add(starting);
  }

  private deliver(event: RealtimeEvent): void {
    // Every topic's events come here, in the order Redis ran them: after a reconnection, topics
    // that had delivered nothing yet catch up from this one's time.
    this.lastSeenMs = Math.max(this.lastSeenMs ?? 0, Number(event.id.split('-')[0]));
    this.listeners.dispatch(event);
  }

  /** Delivers a topic's kept events after the last one delivered, or after its newest when it got its first listener. */
  private async replay(topic: string, entry: TopicListeners): Promise<void> {
    let after = entry.lastId ?? entry.fromId;
    if (after === undefined || after === null) {
      // No event to check the history against: what is kept from the start point is all there is.
      // When the topic's start was never read, the last event heard on any topic is the best lower
      // bound (stream ids are Redis's time), though it may bring back events from before the listener.
      if (after === undefined && this.lastSeenMs === undefined) return this.listeners.gap(topic);
      const start = after === null ? '-' : `${this.lastSeenMs}-0`;
      const events = await this.read(topic, start, REPLAY_PAGE);
      for (const event of events) this.listeners.dispatch(event);
      if (events.length < REPLAY_PAGE) return;
      after = events.at(-1)!.id;
    }
    for (;;) {
      const events = await this.since(topic, after, REPLAY_PAGE);
      if (events === 'too-old') return this.listeners.gap(topic);
      for (const event of events) this.listeners.dispatch(event);
      if (events.length < REPLAY_PAGE) return;
      after = events.at(-1)!.id;
    }
  }
}

/** An event from its stream entry (id and body) or published message (id inside), or undefined when it is not one. */
function parseEvent(entryId: string | undefined, body: string | undefined): RealtimeEvent | undefined {
  if (body === undefined) return undefined;
  try {
    const { id = entryId, topic, at, data } = JSON.parse(body) as Partial<RealtimeEvent>;
    if (typeof id !== 'string' || typeof topic !== 'string' || typeof at !== 'string') return undefined;
    if (typeof data !== 'object' || data === null) return undefined;
    return { id, topic, at, data };
  } catch {
    return undefined;
  }
}
