import { desc, eq } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import type { JobEnqueuer, JobQueue } from '../../../core/jobs/queue.js';
import { hasJobInFlight } from '../../../core/jobs/inspect.js';
import { accountForLedger } from '../account.js';
import type { PaymentGateway } from '../gateway/gateway.js';
import { RecordedRefusal } from '../ledger/idempotency.js';
import { defaultPaymentMethod } from './payment-methods.js';
import { topUpWallet } from './payments.js';
import { paymentAttempts, wallets } from '../schema.js';
import { lockWalletById, type WalletRow } from '../ledger/wallets.js';

export const AUTO_TOP_UP_QUEUE = 'billing.auto-top-up';

/**
 * After the default card refused a charge, auto top-ups leave it alone this long: every charge below
 * the threshold would otherwise try the refusing card again. A new default card is tried at once.
 */
export const AUTO_TOP_UP_COOL_DOWN_MS = 60 * 60_000;

export interface AutoTopUpJob {
  projectId: string;
  walletId: string;
  currency: string;
  /** The charge that took the wallet below its threshold; one top-up per trigger, ever. */
  triggerTransactionId: string;
}

export type AutoTopUpResult =
  | { kind: 'topped-up'; transactionId: string; attemptId: string }
  | { kind: 'refused'; code: string }
  | {
      kind: 'skipped';
      reason: 'settings-off' | 'above-threshold' | 'card-refused-recently' | 'not-payable';
      detail?: string;
    };

/** What the wallet can still spend without credit: the balance less what pending charges hold. */
const spendable = (wallet: Pick<WalletRow, 'balance' | 'held'>) => wallet.balance - wallet.held;

function isLow(wallet: WalletRow): boolean {
  return (
    wallet.autoTopUpThreshold !== null &&
    wallet.autoTopUpAmount !== null &&
    spendable(wallet) < wallet.autoTopUpThreshold
  );
}

/**
 * Call after booking a charge, in its transaction (the wallet is locked by it): when the charge left
 * the wallet below its auto top-up threshold, a top-up job is enqueued in that same transaction, so a
 * charge that rolls back enqueues nothing. One job per wallet at a time: while one is queued or
 * running, later charges add none (the wallet lock serialises these checks, so two charges cannot
 * both see "none yet").
 */
export async function enqueueAutoTopUpIfLow(
  tx: Executor,
  deps: { jobs: JobEnqueuer },
  trigger: { projectId: string; walletId: string; transactionId: string },
): Promise<string | null> {
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.id, trigger.walletId));
  if (!wallet || !isLow(wallet)) return null;
  if (await hasJobInFlight(tx, AUTO_TOP_UP_QUEUE, 'walletId', wallet.id)) return null;
  const payload: AutoTopUpJob = {
    projectId: trigger.projectId,
    walletId: wallet.id,
    currency: wallet.currency,
    triggerTransactionId: trigger.transactionId,
  };
  return deps.jobs.enqueue(tx, AUTO_TOP_UP_QUEUE, payload);
}

/**
 * One auto top-up. In one transaction: the account (FOR SHARE) and the wallet (FOR UPDATE) in the
 * ledger's lock order, so two runs for one wallet take turns and the second sees the first's money;
 * then the balance is checked again (a duplicate or late job finds it topped up and does nothing);
 * then `topUpWallet` charges the default card with a key derived from the trigger, so a run retried
 * after the gateway took the money but before our commit gets the gateway's first answer instead of
 * a second charge.
 *
 * Refusals (declined, insufficient funds, expired; no card; company gone) are answers, not failures:
 * the attempt is committed and the job ends, so the queue does not retry a refusing card. Only an
 * unreachable gateway (5xx) throws, and the queue backs off and retries with the same key.
 */
export async function runAutoTopUp(
  deps: { db: Database; clock: Clock; gateway: PaymentGateway },
  job: AutoTopUpJob,
): Promise<AutoTopUpResult> {
  const { db, clock, gateway } = deps;
  return db.transaction(async (tx): Promise<AutoTopUpResult> => {
    const now = clock.now();
    try {
      await accountForLedger(tx, job.projectId);
      const wallet = await lockWalletById(tx, job.projectId, job.walletId);
      if (wallet.autoTopUpThreshold === null || wallet.autoTopUpAmount === null) {
        return { kind: 'skipped', reason: 'settings-off' };
      }
      if (!isLow(wallet)) return { kind: 'skipped', reason: 'above-threshold' };
      if (await refusedRecently(tx, job.projectId, now)) return { kind: 'skipped', reason: 'card-refused-recently' };
      const { transaction, attemptId } = await topUpWallet(
        tx,
        gateway,
        job.projectId,
        {
          type: 'payment',
          amount: wallet.autoTopUpAmount,
          currency: wallet.currency,
          integration: 'billing',
          sourceReference: `auto-top-up:${job.triggerTransactionId}`,
          description: 'Automatic top-up',
          confirm: false,
        },
        `auto-top-up:${wallet.id}:${job.triggerTransactionId}`,
        now,
      );
      return { kind: 'topped-up', transactionId: transaction.id, attemptId };
    } catch (error) {
      // The attempt row is written in this transaction: returning (not throwing) commits it.
      if (error instanceof RecordedRefusal) return { kind: 'refused', code: error.code };
      // No card, no company, wallet gone: retrying will not change that; the next charge asks again.
      if (error instanceof AppError && error.status < 500) {
        return { kind: 'skipped', reason: 'not-payable', detail: error.code };
      }
      throw error;
    }
  });
}

/** Whether the project's default card refused its latest charge within the cool-down. */
async function refusedRecently(tx: Executor, projectId: string, now: Date): Promise<boolean> {
  const card = await defaultPaymentMethod(tx, projectId);
  if (!card) return false;
  const [latest] = await tx
    .select({ outcome: paymentAttempts.outcome, createdAt: paymentAttempts.createdAt })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.paymentMethodId, card.id))
    .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
    .limit(1);
  return (
    latest !== undefined &&
    latest.outcome !== 'succeeded' &&
    now.getTime() - latest.createdAt.getTime() < AUTO_TOP_UP_COOL_DOWN_MS
  );
}

/**
 * Registers the auto top-up job on the process's queue. app.ts calls it once, with the gateway it
 * gives billing's handlers.
 */
export function registerAutoTopUp(
  jobs: JobQueue,
  deps: { db: Database; clock: Clock; gateway: PaymentGateway; log?: (message: string, details: object) => void },
): void {
  jobs.register<AutoTopUpJob>(AUTO_TOP_UP_QUEUE, async (job) => {
    const result = await runAutoTopUp(deps, job);
    if (result.kind !== 'topped-up') deps.log?.(`auto top-up of wallet ${job.walletId}: ${result.kind}`, result);
  });
}
