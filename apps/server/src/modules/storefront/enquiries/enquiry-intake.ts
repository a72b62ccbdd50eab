import type { SubmitEnquiryRequest } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { storefrontCustomers, storefrontEnquiries, storefrontEnquiryLogs } from '../schema.js';

/** Who a log line says acted: a member (by id and name), or the storefront's key (no person). */
export interface EnquiryActor {
  id: string | null;
  name: string | null;
}

/**
 * Writes a contact-form enquiry in the caller's transaction: open and unread, linked to the shop's
 * customer with the sender's address (customers are kept by lower-cased address, as the schema
 * already has it), and the log's `received` line. The link is made once, on arrival: someone who
 * orders only after writing stays unlinked, and the customer list's search finds them by address.
 */
export async function receiveEnquiry(
  tx: Executor,
  intake: { projectId: string; enquiry: SubmitEnquiryRequest; actor: EnquiryActor; now: Date },
): Promise<string> {
  const { projectId, enquiry, actor, now } = intake;
  const [customer] = await tx
    .select({ id: storefrontCustomers.id })
    .from(storefrontCustomers)
    .where(and(eq(storefrontCustomers.projectId, projectId), eq(storefrontCustomers.email, enquiry.email)));
  const [row] = await tx
    .insert(storefrontEnquiries)
    .values({
      projectId,
      customerId: customer?.id ?? null,
      email: enquiry.email,
      name: enquiry.name,
      subject: enquiry.subject,
      message: enquiry.message,
      status: 'open',
      receivedAt: now,
      updatedAt: now,
    })
    .returning({ id: storefrontEnquiries.id });
  await tx.insert(storefrontEnquiryLogs).values({
    enquiryId: row!.id,
    at: now,
    kind: 'received',
    actorId: actor.id,
    actorName: actor.name,
  });
  return row!.id;
}
