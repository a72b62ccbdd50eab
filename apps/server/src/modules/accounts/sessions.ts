import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { Hook } from '../../core/hooks.js';
import { LiveSessions, type RevocationBus } from './live-sessions.js';
import { sessions, users } from './schema.js';

const hashId = (token: string) => createHash('sha256').update(token).digest('hex');
/** How stale `lastSeenAt` may get before a request refreshes it (keeps reads from becoming writes). */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

/** Every console call reads its session, every bearer call (past the cache) its liveness: built once. */
const unexpired = () =>
  and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`${sql.placeholder('now')}::timestamptz`));
const liveSession = preparedQuery((db: Executor) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(unexpired())
    .prepare('live_session'),
);
const liveSessionId = preparedQuery((db: Executor) =>
  db.select({ id: sessions.id }).from(sessions).where(unexpired()).prepare('live_session_id'),
);

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/**
 * Server-side sessions: the browser holds a random token, the database its hash. A bearer token
 * names the session it was minted from (`sid`) and lives only as long as it does (decision 021):
 * whoever ends sessions passes the ids they were told to `revoke` once the change has committed.
 */
export class SessionStore {
  private readonly live: LiveSessions;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ttlMs: number,
    bus?: RevocationBus,
  ) {
    this.live = new LiveSessions((id) => this.isLive(id), bus);
  }

  /** Starts hearing other processes' revocations. */
  start(): Promise<void> {
    return this.live.start();
  }

  close(): Promise<void> {
    return this.live.close();
  }

  /** Whether the session behind a bearer token still lives (cached briefly, dropped on revocation). */
  isLiveCached(sessionId: string): Promise<boolean> {
    return this.live.isLive(sessionId);
  }

  /** Hears every session that ends, on this process or another (after the change committed). */
  onEnded(listener: (sessionIds: readonly string[]) => void): void {
    this.live.onEnded(listener);
  }

  /** Ended sessions' tokens stop working: here at once, on every other process within moments. Call after commit. */
  revoke(sessionIds: readonly string[]): void {
    this.live.revoke(sessionIds);
  }

  get ttlSeconds(): number {
    return Math.floor(this.ttlMs / 1000);
  }

  /** A new session (always a new id: signing in never reuses an earlier session's id). */
  async create(
    tx: Executor,
    userId: string,
    meta: { ip?: string; userAgent?: string | undefined },
    ttlMs = this.ttlMs,
  ) {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const id = hashId(token);
    await tx.insert(sessions).values({
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return { token, id };
  }

  /** The live session and its user for a cookie token, or undefined. */
  async load(token: string | undefined): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = this.clock.now();
    const [row] = await liveSession(this.db, { id: hashId(token), now: now.toISOString() });
    if (!row) return undefined;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    return row;
  }

  async isLive(sessionId: string): Promise<boolean> {
    const [row] = await liveSessionId(this.db, { id: sessionId, now: this.clock.now().toISOString() });
    return row !== undefined;
  }

  /** Ends the session a cookie names; answers whose it was (and its id), if it existed. */
  async deleteByToken(tx: Executor, token: string): Promise<{ userId: string; id: string } | undefined> {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.id, hashId(token)))
      .returning({ userId: sessions.userId, id: sessions.id });
    return ended;
  }

  /** Ends one session; answers the ids ended, for `revoke`. */
  async deleteById(tx: Executor, sessionId: string): Promise<string[]> {
    const ended = await tx.delete(sessions).where(eq(sessions.id, sessionId)).returning({ id: sessions.id });
    return ended.map((row) => row.id);
  }

  /** Every session of the user but `keep` (a password change signs out everywhere else); answers the ids ended. */
  async deleteOthers(tx: Executor, userId: string, keep?: string): Promise<string[]> {
    const ended = await tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    return ended.map((row) => row.id);
  }

  /**
   * Runs inside the transaction of a sign-out or password change, with the user whose sessions end:
   * a module that hands out what a token of the user could still turn into a new session voids it
   * there (auth adds its unredeemed one-time codes and approved, unclaimed device grants). A part
   * that throws rolls the sign-out back.
   */
  readonly signingOut = new Hook<[tx: Executor, userId: string]>();

  /**
   * A sign-out or password change also voids what a token of the user could still turn into a new
   * session, in the same transaction: runs `signingOut` (the modules that hand out such grants).
   */
  async voidPendingGrants(tx: Executor, userId: string): Promise<void> {
    await this.signingOut.run(tx, userId);
  }

  async markConfirmed(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ confirmedAt: this.clock.now() }).where(eq(sessions.id, sessionId));
  }
}
