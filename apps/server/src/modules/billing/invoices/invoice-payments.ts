import type { PaymentOutcome } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../../core/db/database.js';
import { accountForLedger } from '../account.js';
import { paymentMethodRequired } from '../errors.js';
import type { PaymentGateway } from '../gateway/gateway.js';
import { BILLING_INTEGRATION } from './invoice-lines.js';
import { findInvoice, invoiceNotPayable, invoicesToCollect, isUnpaid, statusAt, type InvoiceRow } from './invoices.js';
import { defaultPaymentMethod, findPaymentMethod } from '../payments/payment-methods.js';
import { chargeCard, refusalOf } from '../payments/payments.js';
import { invoices } from '../schema.js';

type Account = Awaited<ReturnType<typeof accountForLedger>>;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When an unpaid invoice is charged, in days after it was issued: at once, then three retries
 * (4 attempts over 7 days, as card networks advise against hammering a refused card). After the
 * last one nothing is scheduled; the invoice stays unpaid (overdue after its due date) for Pay now.
 */
export const RETRY_SCHEDULE_DAYS = [0, 2, 4, 7] as const;

/**
 * The next scheduled attempt after `now`, or null when the schedule is used up. Counted from the
 * issue date rather than from the last attempt, so a late collector run (hourly), a Pay now in
 * between or an attempt that could not be made (no card) never shifts the schedule.
 */
export function nextAttemptAfter(issuedAt: Date, now: Date): Date | null {
  for (const days of RETRY_SCHEDULE_DAYS) {
    const at = new Date(issuedAt.getTime() + days * DAY_MS);
    if (at.getTime() > now.getTime()) return at;
  }
  return null;
}

export type AttemptOutcome = PaymentOutcome | 'no_payment_method';

/**
 * Charges an unpaid invoice's amount due (the invoice locked by the caller) and records the outcome
 * on the invoice, in the caller's transaction. The gateway's idempotency key names the invoice and
 * the attempt's number, so an attempt whose transaction rolled back after the charge gets the
 * gateway's first answer when it is made again, never a second charge. Without a payment method no
 * attempt can be made: the invoice keeps its status and the next retry is scheduled all the same.
 */
async function attempt(
  tx: Executor,
  gateway: PaymentGateway,
  account: Account,
  invoice: InvoiceRow,
  paymentMethodId: string | undefined,
  now: Date,
): Promise<{ invoice: InvoiceRow; outcome: AttemptOutcome }> {
  const method = paymentMethodId
    ? await findPaymentMethod(tx, invoice.projectId, paymentMethodId)
    : await defaultPaymentMethod(tx, invoice.projectId);
  const nextAttemptAt = nextAttemptAfter(invoice.issuedAt, now);
  const save = async (changes: Partial<InvoiceRow>) => {
    const [row] = await tx.update(invoices).set(changes).where(eq(invoices.id, invoice.id)).returning();
    return row!;
  };
  if (!method) return { invoice: await save({ nextAttemptAt }), outcome: 'no_payment_method' };

  const number = invoice.attemptCount + 1;
  const result = await chargeCard(
    tx,
    gateway,
    {
      projectId: invoice.projectId,
      account,
      method,
      amount: invoice.amountDue,
      currency: invoice.currency,
      idempotencyKey: `invoice:${invoice.id}:attempt:${number}`,
      entry: {
        integration: BILLING_INTEGRATION,
        sourceReference: invoice.number,
        description: `Payment of invoice ${invoice.number}`,
      },
      invoiceId: invoice.id,
    },
    now,
  );
  if (result.outcome === 'succeeded') {
    const paid = await save({
      status: 'paid',
      amountPaid: invoice.amountPaid + invoice.amountDue,
      paidAt: now,
      attemptCount: number,
      nextAttemptAt: null,
    });
    return { invoice: paid, outcome: result.outcome };
  }
  return { invoice: await save({ status: 'failed', attemptCount: number, nextAttemptAt }), outcome: result.outcome };
}

/**
 * Pay now: the project's unpaid invoice, with the payment method given or the default. A refusal is
 * a 402 whose attempt (and the invoice's failed status) must still commit: it is thrown as a
 * `RecordedRefusal`, which the idempotency wrapper commits with the stored answer.
 */
export async function payInvoice(
  tx: Executor,
  gateway: PaymentGateway,
  projectId: string,
  invoiceId: string,
  paymentMethodId: string | undefined,
  now: Date,
) {
  // The account's share lock first: the ledger's lock order (account, then the rest).
  const account = await accountForLedger(tx, projectId);
  const invoice = await findInvoice(tx, projectId, invoiceId, true);
  if (!isUnpaid(invoice)) throw invoiceNotPayable(statusAt(invoice, now));
  const result = await attempt(tx, gateway, account, invoice, paymentMethodId, now);
  if (result.outcome === 'no_payment_method') throw paymentMethodRequired();
  if (result.outcome !== 'succeeded') throw refusalOf(result.outcome);
  return result.invoice;
}

/**
 * One scheduled attempt, in a transaction of its own. The invoice is re-read under its lock: a Pay
 * now, a void or another collector may have got there first, and then there is nothing to do.
 */
export async function collectInvoice(
  db: Database,
  gateway: PaymentGateway,
  ref: { projectId: string; id: string },
  now: Date,
): Promise<AttemptOutcome | null> {
  return db.transaction(async (tx) => {
    const account = await accountForLedger(tx, ref.projectId);
    const invoice = await findInvoice(tx, ref.projectId, ref.id, true);
    const due = invoice.nextAttemptAt && invoice.nextAttemptAt.getTime() <= now.getTime();
    if (!isUnpaid(invoice) || !due) return null;
    return (await attempt(tx, gateway, account, invoice, undefined, now)).outcome;
  });
}

const COLLECTION_PAGE = 200;

/**
 * Every invoice whose next attempt is due by `now`, one transaction each (the hourly job). An
 * invoice whose attempt throws (the gateway unreachable) keeps its schedule and is tried on the next
 * run; the others go on. Paged by keyset, so memory stays flat however many are due.
 */
export async function collectDueInvoices(
  db: Database,
  gateway: PaymentGateway,
  now: Date,
  log?: (message: string, error: unknown) => void,
) {
  const counts = { attempted: 0, paid: 0, refused: 0, errors: 0 };
  let after: { at: Date; id: string } | undefined;
  for (;;) {
    const due = await invoicesToCollect(db, now, COLLECTION_PAGE, after);
    for (const invoice of due) {
      try {
        const outcome = await collectInvoice(db, gateway, invoice, now);
        if (outcome === null) continue;
        counts.attempted++;
        if (outcome === 'succeeded') counts.paid++;
        else counts.refused++;
      } catch (error) {
        counts.errors++;
        log?.(`invoice ${invoice.id} could not be collected`, error);
      }
    }
    const last = due.at(-1);
    if (due.length < COLLECTION_PAGE || !last) return counts;
    after = { at: last.nextAttemptAt!, id: last.id };
  }
}
