import type { Redis } from 'ioredis';

/** Cached decisions of one project and user, and the stamp new ones must be stored under. */
export interface CachedDecisions {
  /**
   * The generations (of everything, and of the project) when the cache was read. The resolver reads
   * them before the roles: a change committed and invalidated in between bumps a generation, which
   * retires whatever is then stored under this stamp, so a stale answer can never be served later.
   */
  stamp: string;
  decisions: Map<string, boolean>;
}

/**
 * Where permission decisions are cached, per project, user and permission (SPEC.md section 6).
 * In-process by default; Redis when several server processes must share entries and invalidations.
 * Invalidation is by generation: nothing is deleted, entries under an older stamp stop matching.
 */
export interface DecisionCache {
  /** Fresh decisions for those permissions it holds; undefined when the cache cannot answer (then store nothing). */
  read(projectId: string, userId: string, permissions: readonly string[]): Promise<CachedDecisions | undefined>;
  /** Store decisions under the stamp of a read; in the background (failures are only logged). */
  write(projectId: string, userId: string, stamp: string, decisions: ReadonlyMap<string, boolean>, ttlMs: number): void;
  /** Retire a project's entries: for this process's next read at once, for others as soon as the store has it. */
  invalidateProject(projectId: string): void;
  /** Retire every entry (a built-in role changed, which every project holds). */
  invalidateAll(): void;
}

const entryKey = (projectId: string, userId: string, permission: string) => `${projectId}:${userId}:${permission}`;
const stampOf = (all: string | number | null | undefined, project: string | number | null | undefined) =>
  `${all ?? 0}.${project ?? 0}`;
/** Both backings store `stamp:1` or `stamp:0`, so one reader decides what still counts. */
const encode = (stamp: string, granted: boolean) => `${stamp}:${granted ? 1 : 0}`;
function decode(value: string | null | undefined, stamp: string): boolean | undefined {
  if (!value?.startsWith(`${stamp}:`)) return undefined;
  return value.endsWith(':1');
}

const MAX_ENTRIES = 100_000;

/** One process's cache; entries expire by the injected clock, so tests can move time. */
export class MemoryDecisionCache implements DecisionCache {
  private readonly entries = new Map<string, { value: string; expires: number }>();
  private readonly generations = new Map<string, number>();
  private everything = 0;

  constructor(private readonly now: () => number = () => performance.now()) {}

  async read(projectId: string, userId: string, permissions: readonly string[]): Promise<CachedDecisions> {
    const stamp = stampOf(this.everything, this.generations.get(projectId));
    const nowMs = this.now();
    const decisions = new Map<string, boolean>();
    for (const permission of permissions) {
      const hit = this.entries.get(entryKey(projectId, userId, permission));
      const granted = hit && hit.expires > nowMs ? decode(hit.value, stamp) : undefined;
      if (granted !== undefined) decisions.set(permission, granted);
    }
    return { stamp, decisions };
  }

  write(projectId: string, userId: string, stamp: string, decisions: ReadonlyMap<string, boolean>, ttlMs: number) {
    // A crude bound: hostile callers asking for many users or projects cannot grow memory without end.
    if (this.entries.size > MAX_ENTRIES) this.entries.clear();
    const expires = this.now() + ttlMs;
    for (const [permission, granted] of decisions)
      this.entries.set(entryKey(projectId, userId, permission), { value: encode(stamp, granted), expires });
  }

  invalidateProject(projectId: string): void {
    this.generations.set(projectId, (this.generations.get(projectId) ?? 0) + 1);
  }

  invalidateAll(): void {
    this.everything += 1;
    // Nothing stored can match again, so the memory may as well go now.
    this.entries.clear();
  }
}

/**
 * Shared by every process on one Redis. A read is one MGET: the two generation counters and the
 * entries. Entries expire in Redis (PX); the counters never expire, since a counter that vanished
 * and counted up again could revive an entry stored under its old value. One counter per project
 * whose roles ever changed is little.
 *
 * Commands on one connection run in order, so an INCR sent by `invalidateProject` is in effect for
 * this process's next read without waiting for it. If Redis is unreachable, reads miss (the resolver
 * asks the database) and an invalidation is lost: other processes may then keep an answer until its
 * TTL ends, the staleness SPEC.md section 6 already allows.
 */
export class RedisDecisionCache implements DecisionCache {
  private readonly allKey: string;

  constructor(
    private readonly redis: Redis,
    /** Separates deployments (or test runs) sharing one Redis; ends with a separator. */
    private readonly prefix: string,
    private readonly log: (message: string, error: unknown) => void,
  ) {
    this.allKey = `${prefix}gen`;
  }

  private generationKey(projectId: string) {
    return `${this.prefix}gen:${projectId}`;
  }

  private key(projectId: string, userId: string, permission: string) {
    return `${this.prefix}d:${entryKey(projectId, userId, permission)}`;
  }

  async read(projectId: string, userId: string, permissions: readonly string[]) {
    let values: (string | null)[];
    try {
      values = await this.redis.mget(
        this.allKey,
        this.generationKey(projectId),
        ...permissions.map((p) => this.key(projectId, userId, p)),
      );
    } catch (error) {
      this.log('permission cache read failed; deciding from the database', error);
      return undefined;
    }
    const stamp = stampOf(values[0], values[1]);
    const decisions = new Map<string, boolean>();
    permissions.forEach((permission, i) => {
      const granted = decode(values[i + 2], stamp);
      if (granted !== undefined) decisions.set(permission, granted);
    });
    return { stamp, decisions };
  }

  write(projectId: string, userId: string, stamp: string, decisions: ReadonlyMap<string, boolean>, ttlMs: number) {
    if (decisions.size === 0) return;
    const pipeline = this.redis.pipeline();
    for (const [permission, granted] of decisions)
      pipeline.set(this.key(projectId, userId, permission), encode(stamp, granted), 'PX', ttlMs);
    pipeline.exec().catch((error: unknown) => this.log('permission cache write failed', error));
  }

  invalidateProject(projectId: string): void {
    this.redis
      .incr(this.generationKey(projectId))
      .catch((error: unknown) => this.log('permission cache invalidation failed', error));
  }

  invalidateAll(): void {
    this.redis.incr(this.allKey).catch((error: unknown) => this.log('permission cache invalidation failed', error));
  }
}
