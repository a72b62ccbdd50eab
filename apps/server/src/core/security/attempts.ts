/**
 * Failure counting for growing delays: after FREE_FAILURES failures on a key (an account's email,
 * whether or not it exists, or an address), each further failure doubles the wait, up to MAX_DELAY.
 * In-process: each instance counts its own; a shared store (Redis) can implement the same interface.
 */
export interface FailureTracker {
  /** Seconds the key must wait before trying again, or 0. */
  retryAfter(key: string, nowMs: number): number;
  failures(key: string): number;
  recordFailure(key: string, nowMs: number): void;
  reset(key: string): void;
}

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
/** Failures older than this are forgotten. */
const MEMORY_MS = 60 * 60 * 1000;
const MAX_KEYS = 100_000;

interface Entry {
  count: number;
  lockedUntil: number;
  lastAt: number;
}

export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS);
}

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

  retryAfter(key: string, nowMs: number): number {
    const entry = this.live(key, nowMs);
    return entry && entry.lockedUntil > nowMs ? Math.ceil((entry.lockedUntil - nowMs) / 1000) : 0;
  }

  failures(key: string): number {
    return this.entries.get(key)?.count ?? 0;
  }

  recordFailure(key: string, nowMs: number): void {
    const entry = this.live(key, nowMs) ?? { count: 0, lockedUntil: 0, lastAt: nowMs };
    entry.count += 1;
    entry.lastAt = nowMs;
    entry.lockedUntil = nowMs + delayAfter(entry.count) * 1000;
    // Bounded: a flood of distinct keys cannot exhaust memory.
    if (!this.entries.has(key) && this.entries.size >= MAX_KEYS) this.entries.clear();
    this.entries.set(key, entry);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }
}
