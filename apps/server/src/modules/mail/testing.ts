import { eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { mailOutbox } from './schema.js';

/** Test support of the mail module: the outbox's mail to an address, as stored (oldest first in practice). */
export async function outboxTo(db: Executor, to: string): Promise<(typeof mailOutbox.$inferSelect)[]> {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
}
