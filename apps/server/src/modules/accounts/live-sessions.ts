import type { Redis } from 'ioredis';

/** How long a process trusts a session it found alive before asking the database again. */
export const LIVE_SESSION_TTL_MS = 2_000;
/** How long it remembers a session as ended (ended sessions never come back; this only bounds memory). */
const ENDED_TTL_MS = 60_000;
const MAX_ENTRIES = 100_000;

/** Where revocations travel between server processes (Redis pub/sub when REDIS_URL is set). */
export interface RevocationBus {
  publish(sessionIds: readonly string[]): void;
  /** Calls `onRevoked` for every revocation another process (or this one) publishes. */
  subscribe(onRevoked: (sessionIds: readonly string[]) => void, onResync: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether a session still lives, for every bearer token verified (decision 021): the answer is
 * cached in-process for LIVE_SESSION_TTL_MS, and an entry is dropped the moment the session is
 * revoked here, or a revocation arrives over the bus from another process. A lost message costs
 * at most the TTL. The hot path is one map look-up.
 */
export class LiveSessions {
  private readonly entries = new Map<string, { live: boolean; until: number }>();
  /** Bumped by every revocation: a database read that a revocation overtook is not cached. */
  private epoch = 0;
  private readonly endedListeners: ((sessionIds: readonly string[]) => void)[] = [];

  constructor(
    private readonly lookup: (sessionId: string) => Promise<boolean>,
    private readonly bus?: RevocationBus,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Listens to other processes' revocations (when there is a bus). */
  async start(): Promise<void> {
    await this.bus?.subscribe(
      (ids) => this.forget(ids),
      // After a reconnection messages may have been missed: trust nothing cached.
      () => {
        this.epoch += 1;
        this.entries.clear();
      },
    );
  }

  async isLive(sessionId: string): Promise<boolean> {
    const hit = this.entries.get(sessionId);
    if (hit && hit.until > this.now()) return hit.live;
    const epoch = this.epoch;
    const live = await this.lookup(sessionId);
    if (epoch === this.epoch) this.remember(sessionId, live);
    return live;
  }

  /** Sessions that just ended: refused here at once, and on every other process as soon as the bus delivers. */
  revoke(sessionIds: readonly string[]): void {
    if (sessionIds.length === 0) return;
    this.forget(sessionIds);
    this.bus?.publish(sessionIds);
  }

  /** Hears every session that ends, here or on another process (realtime sockets close with theirs). */
  onEnded(listener: (sessionIds: readonly string[]) => void): void {
    this.endedListeners.push(listener);
  }

  private forget(sessionIds: readonly string[]): void {
    this.epoch += 1;
    for (const id of sessionIds) this.remember(id, false);
    for (const listener of this.endedListeners) listener(sessionIds);
  }

  private remember(sessionId: string, live: boolean): void {
    // A crude bound: a flood of tokens for distinct sessions cannot grow memory without end.
    if (this.entries.size >= MAX_ENTRIES && !this.entries.has(sessionId)) this.entries.clear();
    this.entries.set(sessionId, { live, until: this.now() + (live ? LIVE_SESSION_TTL_MS : ENDED_TTL_MS) });
  }

  close(): Promise<void> {
    return this.bus?.close() ?? Promise.resolve();
  }
}

/**
 * Revocations over Redis pub/sub, on `{prefix}sessions:revoked`: published on the shared
 * connection, heard on a connection of its own (a subscribed connection can do nothing else).
 */
export class RedisRevocationBus implements RevocationBus {
  private readonly channel: string;
  private subscriber: Redis | undefined;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    this.channel = `${prefix}sessions:revoked`;
  }

  publish(sessionIds: readonly string[]): void {
    this.redis
      .publish(this.channel, JSON.stringify(sessionIds))
      .catch((error: unknown) =>
        this.log('session revocation not published; other processes wait out the cache', error),
      );
  }

  async subscribe(onRevoked: (sessionIds: readonly string[]) => void, onResync: () => void): Promise<void> {
    // Its own connection, which queues while reconnecting and subscribes again afterwards.
    const subscriber = this.redis.duplicate({ enableOfflineQueue: true, commandTimeout: undefined, lazyConnect: true });
    this.subscriber = subscriber;
    subscriber.on('error', (error: unknown) => this.log('redis revocation channel error', error));
    subscriber.on('message', (channel: string, message: string) => {
      if (channel !== this.channel) return;
      try {
        const ids: unknown = JSON.parse(message);
        if (Array.isArray(ids)) onRevoked(ids.filter((id): id is string => typeof id === 'string'));
      } catch (error) {
        this.log('unreadable session revocation', error);
      }
    });
    let ready = false;
    subscriber.on('ready', () => {
      if (ready) onResync();
      ready = true;
    });
    await subscriber.connect();
    await subscriber.subscribe(this.channel);
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    if (!subscriber) return;
    try {
      await subscriber.quit();
    } catch {
      subscriber.disconnect();
    }
  }
}
