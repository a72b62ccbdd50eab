import { randomUUID } from 'node:crypto';
import type { CreateTransactionRequest, PaymentOutcome, Transaction } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { accountForLedger, creditLimitFor, type Account } from '../account.js';
import { gatewayUnavailable, paymentMethodRequired } from '../errors.js';
import type { PaymentGateway } from '../gateway/gateway.js';
import { RecordedRefusal } from '../ledger/idempotency.js';
import { GATEWAY, withinLimits } from '../ledger/ledger.js';
import { defaultPaymentMethod, findPaymentMethod, type PaymentMethodRow } from './payment-methods.js';
import { paymentAttempts, wallets, type transactions } from '../schema.js';
import { book, toTransaction } from '../ledger/transactions.js';
import { lockWallet } from '../ledger/wallets.js';

type AttemptRow = typeof paymentAttempts.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;

/** 402 Payment Required, naming why the card refused. */
const refusals: Record<Exclude<PaymentOutcome, 'succeeded'>, { code: string; message: string }> = {
  declined: { code: 'CARD_DECLINED', message: 'The card was declined. Use another payment method.' },
  insufficient_funds: {
    code: 'CARD_INSUFFICIENT_FUNDS',
    message: 'The card has insufficient funds. Use another payment method.',
  },
  expired: { code: 'CARD_EXPIRED', message: 'The card has expired. Update it or use another payment method.' },
};

export interface TopUp {
  transaction: Transaction;
  attemptId: string;
}

/** The refusal a caller answers with: 402 and the card's reason. */
export function refusalOf(outcome: Exclude<PaymentOutcome, 'succeeded'>): RecordedRefusal {
  const refusal = refusals[outcome];
  return new RecordedRefusal(402, refusal.code, refusal.message);
}

export interface CardPayment {
  projectId: string;
  /** Held FOR SHARE by the caller (`accountForLedger`). */
  account: Pick<Account, 'currency' | 'creditLimit'>;
  method: PaymentMethodRow;
  amount: number;
  currency: string;
  /** The gateway's: the same key always gets the gateway's first answer, so a retry never charges twice. */
  idempotencyKey: string;
  /** The `payment` entry booked when the gateway takes the money. */
  entry: { integration: string; sourceReference: string; description?: string | null | undefined };
  /** The invoice being collected; null for a wallet top-up. */
  invoiceId: string | null;
}

export type CardPaymentResult =
  | { outcome: 'succeeded'; attempt: AttemptRow; transaction: TransactionRow }
  | { outcome: Exclude<PaymentOutcome, 'succeeded'>; attempt: AttemptRow; transaction: null };

/**
 * The one way money comes in from a card, shared by wallet top-ups and invoice payments: charge the
 * payment method through the gateway; on success book a confirmed `payment` entry and record the
 * attempt naming it, in the caller's transaction; on a refusal record the attempt alone (the caller
 * decides how to answer, and must commit it: see `RecordedRefusal`). An unreachable gateway is a
 * 502 and the caller's transaction rolls back.
 */
export async function chargeCard(tx: Executor, gateway: PaymentGateway, payment: CardPayment, now: Date) {
  const { method } = payment;
  // A payment the ledger would refuse (beyond MONEY_MAX) is not taken from the card in the first
  // place. Read without a lock, so the wallet is not held during the gateway's round trip; the
  // booking below checks again under the lock.
  const [current] = await tx
    .select({ balance: wallets.balance, held: wallets.held })
    .from(wallets)
    .where(and(eq(wallets.projectId, payment.projectId), eq(wallets.currency, payment.currency)));
  if (current) withinLimits({ balance: current.balance + payment.amount, held: current.held, creditLimit: 0 }, GATEWAY);
  let result;
  try {
    result = await gateway.charge({
      amount: payment.amount,
      currency: payment.currency,
      paymentMethod: { reference: method.gatewayReference, expMonth: method.expMonth, expYear: method.expYear },
      idempotencyKey: payment.idempotencyKey,
    });
  } catch {
    // A 5xx: the change rolls back (and an Idempotency-Key is released), so a retry asks the gateway again.
    throw gatewayUnavailable();
  }
  const record = (transactionId: string | null) =>
    tx
      .insert(paymentAttempts)
      .values({
        projectId: payment.projectId,
        paymentMethodId: method.id,
        amount: payment.amount,
        currency: payment.currency,
        outcome: result.outcome,
        gatewayReference: result.reference,
        transactionId,
        invoiceId: payment.invoiceId,
        createdAt: now,
      })
      .returning()
      .then((rows) => rows[0]!);

  if (result.outcome !== 'succeeded') {
    return { outcome: result.outcome, attempt: await record(null), transaction: null } satisfies CardPaymentResult;
  }
  const wallet = await lockWallet(tx, payment.projectId, payment.currency, now);
  const row = await book(
    tx,
    payment.projectId,
    wallet,
    creditLimitFor(payment.account, wallet.currency),
    { ...payment.entry, type: 'payment', amount: payment.amount, confirm: true },
    now,
    GATEWAY,
  );
  return { outcome: 'succeeded', attempt: await record(row.id), transaction: row } satisfies CardPaymentResult;
}

/**
 * Tops a wallet up: charges the given payment method (or the default) through the gateway and, when
 * the gateway takes the money, books a confirmed `payment` entry in the same transaction as the
 * record of the attempt. A refused charge books nothing: its attempt is recorded and committed
 * (`RecordedRefusal`) and the caller gets a 402 naming the reason.
 *
 * `idempotencyKey` is the caller's Idempotency-Key: the gateway gets one derived from it, so a retry
 * after a crash (whose transaction rolled back after the gateway charged) gets the gateway's first
 * answer instead of a second charge. Without one every call is a new attempt with a key of its own.
 */
export async function topUpWallet(
  tx: Executor,
  gateway: PaymentGateway,
  projectId: string,
  request: CreateTransactionRequest,
  idempotencyKey: string | undefined,
  now: Date,
): Promise<TopUp> {
  // Company first, and the account held still (FOR SHARE) before any money moves.
  const account = await accountForLedger(tx, projectId);
  const method = request.paymentMethodId
    ? await findPaymentMethod(tx, projectId, request.paymentMethodId)
    : await defaultPaymentMethod(tx, projectId);
  if (!method) throw paymentMethodRequired();

  const result = await chargeCard(
    tx,
    gateway,
    {
      projectId,
      account,
      method,
      amount: request.amount,
      currency: request.currency,
      idempotencyKey: idempotencyKey ? `top-up:${projectId}:${idempotencyKey}` : `top-up:${randomUUID()}`,
      entry: {
        integration: request.integration,
        sourceReference: request.sourceReference,
        description: request.description,
      },
      invoiceId: null,
    },
    now,
  );
  if (result.outcome !== 'succeeded') throw refusalOf(result.outcome);
  return { transaction: toTransaction(result.transaction), attemptId: result.attempt.id };
}
