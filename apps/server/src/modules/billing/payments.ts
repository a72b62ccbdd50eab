import { randomUUID } from 'node:crypto';
import type { CreateTransactionRequest, PaymentOutcome, Transaction } from '@wharf/contract';
import type { Executor } from '../../core/db/database.js';
import { accountForLedger, creditLimitFor } from './account.js';
import { gatewayUnavailable, paymentMethodRequired } from './errors.js';
import type { PaymentGateway } from './gateway/gateway.js';
import { RecordedRefusal } from './idempotency.js';
import { defaultPaymentMethod, findPaymentMethod, recordPaymentAttempt } from './payment-methods.js';
import { book, toTransaction } from './transactions.js';
import { lockWallet } from './wallets.js';

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

  const attemptId = randomUUID();
  let result;
  try {
    result = await gateway.charge({
      amount: request.amount,
      currency: request.currency,
      paymentMethod: { reference: method.gatewayReference, expMonth: method.expMonth, expYear: method.expYear },
      idempotencyKey: idempotencyKey ? `top-up:${projectId}:${idempotencyKey}` : `top-up:${attemptId}`,
    });
  } catch {
    // A 5xx: the change rolls back and the Idempotency-Key is released, so a retry asks the gateway again.
    throw gatewayUnavailable();
  }
  const attempt = {
    id: attemptId,
    projectId,
    paymentMethodId: method.id,
    amount: request.amount,
    currency: request.currency,
    outcome: result.outcome,
    gatewayReference: result.reference,
  };

  if (result.outcome !== 'succeeded') {
    await recordPaymentAttempt(tx, { ...attempt, transactionId: null }, now);
    const refusal = refusals[result.outcome];
    throw new RecordedRefusal(402, refusal.code, refusal.message);
  }

  const wallet = await lockWallet(tx, projectId, request.currency, now);
  const row = await book(
    tx,
    projectId,
    wallet,
    creditLimitFor(account, wallet.currency),
    {
      type: 'payment',
      amount: request.amount,
      confirm: true,
      integration: request.integration,
      sourceReference: request.sourceReference,
      description: request.description,
    },
    now,
  );
  const recorded = await recordPaymentAttempt(tx, { ...attempt, transactionId: row.id }, now);
  return { transaction: toTransaction(row), attemptId: recorded.id };
}
