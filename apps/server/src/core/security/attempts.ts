import type { Redis } from 'ioredis';

/**
 * Failure counting for growing delays (ASVS 6.3): each key (an account's email, whether or not it
 * exists; an address) counts its failed sign-ins; from `freeFailures` on, each further failure
 * doubles the wait, up to MAX_DELAY_SECONDS. A key's failures are forgotten an hour after its last.
 * In-process by default; in Redis when several server processes must add up their attempts.
 */
export interface FailureTracker {
  /** The failures of each key and the seconds it must still wait (0: none), in one read. */
  read(keys: readonly string[], nowMs: number): Promise<FailureState[]>;
  recordFailure(key: string, nowMs: number, freeFailures: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export interface FailureState {
  failures: number;
  retryAfter: number;
}

/** An account may fail this often before each failure makes it wait. */
export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this (since the key's last one) are forgotten. */
export const MEMORY_MS = 60 * 60 * 1000;
const MAX_KEYS = 100_000;

interface Entry {
  count: number;
  lockedUntil: number;
  lastAt: number;
}

export function delayAfter(failures: number, freeFailures = FREE_FAILURES): number {
  if (failures < freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures), MAX_DELAY_SECONDS);
}

const stateOf = (count: number, lockedUntil: number, nowMs: number): FailureState => ({
  failures: count,
  retryAfter: lockedUntil > nowMs ? Math.ceil((lockedUntil - nowMs) / 1000) : 0,
});

/** One process's counters (each process counts its own). */
export class MemoryFailureTracker implements FailureTracker {
  private readonly entries = new Map<string, Entry>();

  private live(key: string, nowMs: number): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && nowMs - entry.lastAt > MEMORY_MS) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  async read(keys: readonly string[], nowMs: number): Promise<FailureState[]> {
    return keys.map((key) => {
      const entry = this.live(key, nowMs);
      return stateOf(entry?.count ?? 0, entry?.lockedUntil ?? 0, nowMs);
    });
  }

  async recordFailure(key: string, nowMs: number, freeFailures: number): Promise<void> {
    const entry = this.live(key, nowMs) ?? { count: 0, lockedUntil: 0, lastAt: nowMs };
    entry.count += 1;
    entry.lastAt = nowMs;
    entry.lockedUntil = nowMs + delayAfter(entry.count, freeFailures) * 1000;
    // Bounded: a flood of distinct keys cannot exhaust memory.
    if (!this.entries.has(key) && this.entries.size >= MAX_KEYS) this.entries.clear();
    this.entries.set(key, entry);
  }

  async reset(key: string): Promise<void> {
    this.entries.delete(key);
  }
}

/**
 * Count, work out the wait and store both in one step, so failures racing on several processes all
 * count. The value is `count:lockedUntil` (ms); the key expires MEMORY_MS after the last failure.
 */
const RECORD_FAILURE = `
local value = redis.call('GET', KEYS[1])
local count = 0
if value then count = tonumber(string.match(value, '^(%d+)')) or 0 end
count = count + 1
local now = tonumber(ARGV[1])
local free = tonumber(ARGV[2])
local delay = 0
if count >= free then delay = math.min(2 ^ math.min(count - free, 30), tonumber(ARGV[3])) end
redis.call('SET', KEYS[1], string.format('%d:%d', count, now + delay * 1000), 'PX', ARGV[4])
return count
`;

/**
 * Counters shared by every process on one Redis (REDIS_URL), under `{prefix}{key}`. If Redis is
 * away, the process counts in memory meanwhile rather than let guesses through unthrottled.
 */
export class RedisFailureTracker implements FailureTracker {
  private readonly fallback = new MemoryFailureTracker();

  constructor(
    private readonly redis: Redis,
    /** Separates deployments (or test runs) sharing one Redis; ends with a separator. */
    private readonly prefix: string,
    private readonly log: (message: string, error: unknown) => void,
  ) {}

  async read(keys: readonly string[], nowMs: number): Promise<FailureState[]> {
    let values: (string | null)[];
    try {
      values = await this.redis.mget(...keys.map((key) => this.prefix + key));
    } catch (error) {
      this.log('sign-in failure counters unreadable in Redis; counting in memory', error);
      return this.fallback.read(keys, nowMs);
    }
    return values.map((value) => {
      const [count, lockedUntil] = (value ?? '0:0').split(':').map(Number);
      return stateOf(count || 0, lockedUntil || 0, nowMs);
    });
  }

  async recordFailure(key: string, nowMs: number, freeFailures: number): Promise<void> {
    try {
      await this.redis.eval(
        RECORD_FAILURE,
        1,
        this.prefix + key,
        String(Math.floor(nowMs)),
        String(freeFailures),
        String(MAX_DELAY_SECONDS),
        String(MEMORY_MS),
      );
    } catch (error) {
      this.log('sign-in failure not counted in Redis; counting in memory', error);
      await this.fallback.recordFailure(key, nowMs, freeFailures);
    }
  }

  async reset(key: string): Promise<void> {
    await this.fallback.reset(key);
    try {
      await this.redis.del(this.prefix + key);
    } catch (error) {
      this.log('sign-in failure counter not reset in Redis', error);
    }
  }
}
