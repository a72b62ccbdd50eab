import type { UpdateEnquiryRequest } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import type { MailMessage } from '../../mail/service.js';
import { storefrontEnquiries, storefrontEnquiryLogs } from '../schema.js';
import type { EnquiryActor } from './enquiry-intake.js';
import type { EnquiryRow } from './enquiry-views.js';

/** What a change does to an enquiry: the columns to set and the log lines to write. */
type Change = 'read' | 'unread' | 'closed' | 'reopened';

/**
 * The changes an update makes to the enquiry as it stands (locked by the caller): only what is not
 * so already, so repeating a call changes nothing and logs nothing. Marking unread writes no log
 * line — it takes back a `read`, and the next read is logged again.
 */
export function changesOf(row: EnquiryRow, update: UpdateEnquiryRequest): Change[] {
  const changes: Change[] = [];
  if (update.read === true && row.readAt === null) changes.push('read');
  if (update.read === false && row.readAt !== null) changes.push('unread');
  if (update.status === 'closed' && row.status === 'open') changes.push('closed');
  if (update.status === 'open' && row.status === 'closed') changes.push('reopened');
  return changes;
}

/** Applies `changesOf` in the caller's transaction: one update of the row, a log line per change but unread. */
export async function applyChanges(
  tx: Executor,
  row: EnquiryRow,
  changes: readonly Change[],
  actor: EnquiryActor,
  now: Date,
): Promise<void> {
  if (changes.length === 0) return;
  const set: Partial<typeof storefrontEnquiries.$inferInsert> = { updatedAt: now };
  if (changes.includes('read')) set.readAt = now;
  if (changes.includes('unread')) set.readAt = null;
  if (changes.includes('closed')) Object.assign(set, { status: 'closed', closedAt: now });
  if (changes.includes('reopened')) Object.assign(set, { status: 'open', closedAt: null });
  await tx.update(storefrontEnquiries).set(set).where(eq(storefrontEnquiries.id, row.id));
  const logged = changes.filter((change): change is Exclude<Change, 'unread'> => change !== 'unread');
  if (logged.length > 0)
    await tx
      .insert(storefrontEnquiryLogs)
      .values(logged.map((kind) => ({ enquiryId: row.id, at: now, kind, actorId: actor.id, actorName: actor.name })));
}

/** "Re: <subject>", once: a subject that is a reply already keeps its one "Re:". */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject) ? subject : `Re: ${subject}`;
}

/** The reply's mail: the member's text, then the enquiry it answers, quoted as mail readers expect. */
export function replyMail(row: EnquiryRow, text: string): MailMessage {
  const quoted = row.message
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return {
    to: row.email,
    subject: replySubject(row.subject),
    text: `${text}\n\nOn ${row.receivedAt.toUTCString()}, ${row.name} <${row.email}> wrote:\n${quoted}\n`,
  };
}

/**
 * Answers an enquiry in the caller's transaction: the mail into the outbox (sent after the commit,
 * nothing if it rolls back), the `replied` line with the text, and the enquiry replied to and read —
 * a reply is its reading, so an unread enquiry gets no separate `read` line. A closed enquiry stays
 * closed: a reply to one is usually the shop's last word (a refund done, a parcel found), and
 * reopening it would put it back among the open ones with nothing waiting on the shop; Reopen is
 * one click when something does.
 */
export async function replyToEnquiry(
  tx: Executor,
  mail: { enqueue: (tx: Executor, message: MailMessage) => Promise<void> },
  reply: { row: EnquiryRow; text: string; actor: EnquiryActor; now: Date },
): Promise<void> {
  const { row, text, actor, now } = reply;
  await mail.enqueue(tx, replyMail(row, text));
  await tx.insert(storefrontEnquiryLogs).values({
    enquiryId: row.id,
    at: now,
    kind: 'replied',
    message: text,
    actorId: actor.id,
    actorName: actor.name,
  });
  await tx
    .update(storefrontEnquiries)
    .set({ repliedAt: now, readAt: row.readAt ?? now, updatedAt: now })
    .where(eq(storefrontEnquiries.id, row.id));
}
