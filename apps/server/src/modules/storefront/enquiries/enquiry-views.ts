import type { Enquiry, EnquiryLog, EnquirySummary } from '@wharf/contract';
import { ENQUIRY_EXCERPT_LENGTH } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { storefrontCustomers, storefrontEnquiries, storefrontEnquiryLogs } from '../schema.js';

export type EnquiryRow = typeof storefrontEnquiries.$inferSelect;

export const enquiryNotFound = () => notFound('There is no such enquiry in this project.', 'ENQUIRY_NOT_FOUND');

/**
 * The project's enquiry, or 404 — another project's answers as one that does not exist. `lock`
 * takes its row for the rest of the transaction, so that two changes of one enquiry take turns
 * (the second sees it read already and logs nothing).
 */
export async function findEnquiry(tx: Executor, projectId: string, enquiryId: string, lock = false) {
  const query = tx
    .select()
    .from(storefrontEnquiries)
    .where(and(eq(storefrontEnquiries.projectId, projectId), eq(storefrontEnquiries.id, enquiryId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw enquiryNotFound();
  return row;
}

/** The message's start on one line: the inbox shows this much of it. */
export function excerptOf(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length <= ENQUIRY_EXCERPT_LENGTH ? line : `${line.slice(0, ENQUIRY_EXCERPT_LENGTH - 1).trimEnd()}…`;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** The inbox's columns: the message only as far as its excerpt goes (a message can be 10,000 characters). */
export function toEnquirySummary(
  row: Omit<EnquiryRow, 'message' | 'search' | 'projectId' | 'updatedAt' | 'closedAt'> & { messageStart: string },
): EnquirySummary {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    subject: row.subject,
    excerpt: excerptOf(row.messageStart),
    status: row.status,
    read: row.readAt !== null,
    replied: row.repliedAt !== null,
    customerId: row.customerId,
    receivedAt: row.receivedAt.toISOString(),
  };
}

/** One enquiry as `getEnquiry` answers it, with the customer it is linked to. */
export async function enquiryView(db: Executor, projectId: string, enquiryId: string): Promise<Enquiry> {
  const [found] = await db
    .select({
      enquiry: storefrontEnquiries,
      customer: { id: storefrontCustomers.id, name: storefrontCustomers.name, email: storefrontCustomers.email },
    })
    .from(storefrontEnquiries)
    .leftJoin(storefrontCustomers, eq(storefrontCustomers.id, storefrontEnquiries.customerId))
    .where(and(eq(storefrontEnquiries.projectId, projectId), eq(storefrontEnquiries.id, enquiryId)));
  if (!found) throw enquiryNotFound();
  const row = found.enquiry;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    subject: row.subject,
    message: row.message,
    status: row.status,
    read: row.readAt !== null,
    replied: row.repliedAt !== null,
    customerId: row.customerId,
    customer: found.customer,
    receivedAt: row.receivedAt.toISOString(),
    readAt: iso(row.readAt),
    repliedAt: iso(row.repliedAt),
    closedAt: iso(row.closedAt),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Every line of an enquiry's log, oldest first (by the order they were written). */
export async function enquiryLogs(db: Executor, enquiryId: string): Promise<EnquiryLog[]> {
  const rows = await db
    .select()
    .from(storefrontEnquiryLogs)
    .where(eq(storefrontEnquiryLogs.enquiryId, enquiryId))
    .orderBy(asc(storefrontEnquiryLogs.seq));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    kind: row.kind,
    message: row.message,
    actor: row.actorName,
  }));
}
