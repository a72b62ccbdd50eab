import type { CreateTransactionRequest, Transaction } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Executor } from '../../core/db/database.js';
import type { JobEnqueuer } from '../../core/jobs/queue.js';
import { enqueueAutoTopUpIfLow } from './payments/auto-top-up.js';
import { PROJECT, type EntrySource } from './ledger/ledger.js';
import { raiseTransaction } from './ledger/transactions.js';
import { transactions } from './schema.js';

// What other modules use of billing besides `raiseEntry`: the account's ledger currency, held for the
// caller's transaction (`accountForLedger`), and the calendar months invoices and charges run on.
export { accountForLedger } from './account.js';
export { addMonths, monthStart } from './invoices/invoice-lines.js';

/**
 * A charge or adjustment raised by a module or a project member (payments come only from the
 * gateway; a credit or positive adjustment only from an administrator: see ledger.ts `EntrySource`).
 */
export type ModuleEntry = Omit<CreateTransactionRequest, 'type' | 'paymentMethodId'> & {
  type: Exclude<CreateTransactionRequest['type'], 'payment'>;
};

export interface RaisedEntry {
  transaction: Transaction;
  /** The auto top-up job the entry queued, when it took the wallet below its threshold. */
  autoTopUpJob: string | null;
}

/**
 * The billing service other modules call: a charge, credit or adjustment booked inside the caller's
 * own transaction (`tx`), with its integration code and source reference — so a module's change and
 * its charge commit or roll back together, and no module writes billing tables itself. The HTTP
 * `createTransaction` goes through here too. A debit that leaves the wallet below its auto top-up
 * threshold queues the top-up in the same transaction: a rolled-back charge queues nothing.
 * A module acts for the project (`source` defaults to it), so it may take value, never give it.
 */
export async function raiseEntry(
  tx: Executor,
  deps: { clock: Clock; jobs: JobEnqueuer },
  projectId: string,
  entry: ModuleEntry,
  source: EntrySource = PROJECT,
): Promise<RaisedEntry> {
  const transaction = await raiseTransaction(tx, projectId, entry, deps.clock.now(), source);
  const autoTopUpJob =
    transaction.amount < 0
      ? await enqueueAutoTopUpIfLow(tx, deps, {
          projectId,
          walletId: transaction.walletId,
          transactionId: transaction.id,
        })
      : null;
  return { transaction, autoTopUpJob };
}

/**
 * Whether the project's ledger holds an entry of the integration with this source reference (one
 * query, in the caller's transaction): a module that charges once per period asks before raising.
 */
export async function hasEntry(
  tx: Executor,
  projectId: string,
  entry: { integration: string; sourceReference: string },
): Promise<boolean> {
  const [raised] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        eq(transactions.integration, entry.integration),
        eq(transactions.sourceReference, entry.sourceReference),
      ),
    )
    .limit(1);
  return raised !== undefined;
}
