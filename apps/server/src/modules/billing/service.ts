import type { CreateTransactionRequest, Transaction } from '@wharf/contract';
import type { Clock } from '../../core/clock.js';
import type { Executor } from '../../core/db/database.js';
import type { JobEnqueuer } from '../../core/jobs/queue.js';
import { enqueueAutoTopUpIfLow } from './payments/auto-top-up.js';
import { PROJECT, type EntrySource } from './ledger/ledger.js';
import { raiseTransaction } from './ledger/transactions.js';

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
