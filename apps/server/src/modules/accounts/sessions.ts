import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { sessions, users } from './schema.js';

const hashId = (token: string) => createHash('sha256').update(token).digest('hex');
/** How stale `lastSeenAt` may get before a request refreshes it (keeps reads from becoming writes). */
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type SessionRow = typeof sessions.$inferSelect;
export type UserRow = typeof users.$inferSelect;

/** Server-side sessions: the browser holds a random token, the database its hash. */
export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  get ttlSeconds(): number {
    return Math.floor(this.ttlMs / 1000);
  }

  /** A new session (always a new id: signing in never reuses an earlier session's id). */
  async create(tx: Executor, userId: string, meta: { ip?: string; userAgent?: string | undefined }) {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    const id = hashId(token);
    await tx.insert(sessions).values({
      id,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + this.ttlMs),
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
    });
    return { token, id };
  }

  /** The live session and its user for a cookie token, or undefined. */
  async load(token: string | undefined): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    if (!token || token.length > 100) return undefined;
    const now = this.clock.now();
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, hashId(token)), gt(sessions.expiresAt, now)));
    if (!row) return undefined;
    if (now.getTime() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.session.id));
    }
    return row;
  }

  async isLive(sessionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, this.clock.now())));
    return row !== undefined;
  }

  /** Ends the session a cookie names; answers whose it was, if it existed. */
  async deleteByToken(tx: Executor, token: string): Promise<{ userId: string } | undefined> {
    const [ended] = await tx
      .delete(sessions)
      .where(eq(sessions.id, hashId(token)))
      .returning({ userId: sessions.userId });
    return ended;
  }

  async deleteById(tx: Executor, sessionId: string): Promise<void> {
    await tx.delete(sessions).where(eq(sessions.id, sessionId));
  }

  /** Every session of the user but `keep` (a password change signs out everywhere else). */
  async deleteOthers(tx: Executor, userId: string, keep?: string): Promise<void> {
    await tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
  }

  async markConfirmed(sessionId: string): Promise<void> {
    await this.db.update(sessions).set({ confirmedAt: this.clock.now() }).where(eq(sessions.id, sessionId));
  }
}
