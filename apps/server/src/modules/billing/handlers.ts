import { cardDigits, type operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock, TestClock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { JobEnqueuer } from '../../core/jobs/queue.js';
import { AppError, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { billingProject, loadAccount, setCreditLimit, updateAccount } from './account.js';
import {
  cardInvalid,
  gatewayUnavailable,
  paymentVendorMismatch,
  paymentVendorNotFound,
  setupIntentFailed,
} from './errors.js';
import { CardError, type PaymentGateway } from './gateway/gateway.js';
import { retrievesCards } from './gateway/index.js';
import { SandboxGateway } from './gateway/sandbox.js';
import { PaymentMethodRejected } from './gateway/stripe.js';
import { documentHandlers, type DocumentOperations } from './documents/document-handlers.js';
import { IDEMPOTENCY_KEY_HEADER, idempotent } from './ledger/idempotency.js';
import { invoiceHandlers, type InvoiceOperations } from './invoices/invoice-handlers.js';
import { PROJECT } from './ledger/ledger.js';
import {
  addPaymentMethod,
  findPaymentMethod,
  listPaymentAttempts,
  listPaymentMethods,
  lockPaymentMethods,
  makeDefault,
  removePaymentMethod,
  toPaymentMethod,
} from './payments/payment-methods.js';
import { topUpWallet } from './payments/payments.js';
import { planCatalogue } from './plans.js';
import { raiseEntry } from './service.js';
import { getTransaction, listTransactions, raiseTransaction, settleTransaction } from './ledger/transactions.js';
import { getWallet, listWallets, updateWallet } from './ledger/wallets.js';

type BillingOperations = Pick<
  typeof operations,
  | 'getBillingProject'
  | 'updateBillingProject'
  | 'updateAdminBillingProject'
  | 'listPlans'
  | 'listWallets'
  | 'getWallet'
  | 'updateWallet'
  | 'createTransaction'
  | 'listTransactions'
  | 'getTransaction'
  | 'confirmTransaction'
  | 'listPaymentMethods'
  | 'getPaymentMethod'
  | 'createPaymentMethod'
  | 'updatePaymentMethod'
  | 'deletePaymentMethod'
  | 'getVendorSecret'
  | 'listPaymentMethodPaymentAttempts'
  | 'advanceTestClock'
>;

/**
 * SPEC.md section 7, "Billing": the billing project, plans, wallets, the ledger's transactions,
 * payment methods, and (through invoice-handlers and document-handlers) invoices, statements,
 * exports and files. The gateway is the one PAYMENT_GATEWAY names (app.ts); the sandbox when none is given.
 */
export function billingHandlers(deps: {
  db: Database;
  clock: Clock;
  /** Keys the idempotency fingerprints of requests (idempotency.ts). */
  idempotencySecret: string;
  /** The process's job queue: a debit that empties the wallet below its threshold queues a top-up. */
  jobs: JobEnqueuer;
  gateway?: PaymentGateway;
  /** Only on a server started with TEST_CLOCK=true: `advanceTestClock` moves it. */
  testClock?: TestClock;
}): Handlers<BillingOperations & InvoiceOperations & DocumentOperations> {
  const { db, clock } = deps;
  const gateway: PaymentGateway = deps.gateway ?? new SandboxGateway(clock);

  return {
    ...invoiceHandlers({ ...deps, gateway }),
    ...documentHandlers(deps),

    advanceTestClock: async ({ body }, request) => {
      const testClock = deps.testClock;
      if (!testClock) throw notFound('This server has no test clock.');
      testClock.advance(body.seconds * 1000);
      await db.transaction((tx) =>
        recordAudit(tx, request, { target: 'test-clock', details: { seconds: body.seconds } }),
      );
      return { now: testClock.now().toISOString() };
    },

    getBillingProject: ({ query }) => billingProject(db, query.project, clock.now(), gateway.vendor),

    updateBillingProject: async ({ query, body }, request) =>
      db.transaction(async (tx) => {
        await updateAccount(tx, query.project, body, clock.now());
        await recordAudit(tx, request, { target: `billing:${query.project}`, details: { fields: Object.keys(body) } });
        return billingProject(tx, query.project, clock.now(), gateway.vendor);
      }),

    // A platform administrator's call: the credit limit, and the one way besides a card payment that
    // money enters a wallet — a credit with its reason, on the entry and in the audit log.
    updateAdminBillingProject: idempotent<BillingOperations['updateAdminBillingProject']>(
      deps,
      async (tx, { query, body }, request) => {
        const before = await loadAccount(tx, query.project);
        const details: Record<string, unknown> = {};
        if (body.creditLimit !== undefined) {
          await setCreditLimit(tx, query.project, body.creditLimit, clock.now());
          details.creditLimit = { from: before.creditLimit, to: body.creditLimit };
        }
        if (body.credit) {
          const { amount, reason } = body.credit;
          const credited = await raiseTransaction(
            tx,
            query.project,
            {
              type: 'credit',
              amount,
              currency: body.credit.currency ?? before.currency,
              integration: 'admin',
              sourceReference: `admin-credit:${clock.now().toISOString()}`,
              description: reason,
              confirm: true,
            },
            clock.now(),
            { kind: 'admin', reason },
          );
          details.credit = { transactionId: credited.id, amount, currency: credited.currency, reason };
        }
        await recordAudit(tx, request, { target: `billing:${query.project}`, details });
        return billingProject(tx, query.project, clock.now(), gateway.vendor);
      },
    ),

    listPlans: () => [...planCatalogue],

    listWallets: ({ query }) => listWallets(db, query.project),

    getWallet: ({ params, query }) => getWallet(db, query.project, params.id),

    updateWallet: async ({ params, query, body }, request) =>
      db.transaction(async (tx) => {
        const wallet = await updateWallet(tx, query.project, params.id, body, clock.now());
        await recordAudit(tx, request, { target: `wallet:${wallet.id}`, details: { autoTopUp: body.autoTopUp } });
        return wallet;
      }),

    createTransaction: idempotent<BillingOperations['createTransaction']>(
      deps,
      async (tx, { query, body }, request) => {
        if (body.type === 'payment') {
          const key = request.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined;
          const { transaction, attemptId } = await topUpWallet(tx, gateway, query.project, body, key, clock.now());
          await recordAudit(tx, request, {
            target: `transaction:${transaction.id}`,
            details: {
              type: transaction.type,
              amount: transaction.amount,
              currency: transaction.currency,
              status: transaction.status,
              paymentAttemptId: attemptId,
            },
          });
          return transaction;
        }
        // The module's way in, as the HTTP call's: booked for the project (which may take value from
        // its wallet, never add it: the ledger refuses a credit), and an auto top-up queued when due.
        const { transaction: created, autoTopUpJob } = await raiseEntry(tx, deps, query.project, {
          ...body,
          type: body.type,
        });
        await recordAudit(tx, request, {
          target: `transaction:${created.id}`,
          details: {
            type: created.type,
            amount: created.amount,
            currency: created.currency,
            status: created.status,
            ...(autoTopUpJob ? { autoTopUpJob } : {}),
          },
        });
        return created;
      },
    ),

    listTransactions: ({ query }) => listTransactions(db, query.project, query),

    getTransaction: ({ params, query }) => getTransaction(db, query.project, params.id),

    confirmTransaction: idempotent<BillingOperations['confirmTransaction']>(
      deps,
      async (tx, { params, query }, request) => {
        const confirmed = await settleTransaction(tx, query.project, params.id, 'confirmed', clock.now(), PROJECT);
        await recordAudit(tx, request, {
          target: `transaction:${confirmed.id}`,
          details: { amount: confirmed.amount, currency: confirmed.currency },
        });
        return confirmed;
      },
    ),

    listPaymentMethods: ({ query }) => listPaymentMethods(db, query.project, clock.now()),

    getPaymentMethod: async ({ params, query }) =>
      toPaymentMethod(await findPaymentMethod(db, query.project, params.id), clock.now()),

    createPaymentMethod: idempotent<BillingOperations['createPaymentMethod']>(
      deps,
      async (tx, { query, body }, request) => {
        if (body.vendor !== gateway.vendor) throw paymentVendorMismatch(gateway.vendor);
        // The company check comes before the card goes anywhere.
        await lockPaymentMethods(tx, query.project);
        let card;
        try {
          if (body.vendor === 'stripe') {
            // The card went to Stripe from the browser; we ask Stripe what it is (and whose).
            if (!retrievesCards(gateway)) throw paymentVendorMismatch(gateway.vendor);
            card = await gateway.retrievePaymentMethod(body.paymentMethod, query.project);
          } else {
            if (!gateway.addCard) throw paymentVendorMismatch(gateway.vendor);
            const typed = await gateway.addCard({
              number: cardDigits(body.number),
              expMonth: body.expMonth,
              expYear: body.expYear,
              cvc: body.cvc,
              holderName: body.holderName,
            });
            card = { ...typed, holderName: body.holderName };
          }
        } catch (error) {
          if (error instanceof CardError) throw cardInvalid(error.field, error.message, error.code);
          if (error instanceof PaymentMethodRejected) throw cardInvalid('paymentMethod', error.message);
          if (error instanceof AppError) throw error;
          // Stripe could not be asked: a 5xx, so the Idempotency-Key is released and a retry runs afresh.
          throw gatewayUnavailable();
        }
        const row = await addPaymentMethod(
          tx,
          query.project,
          { ...card, vendor: gateway.vendor, makeDefault: body.isDefault ?? false },
          clock.now(),
        );
        // What is kept, never the number.
        await recordAudit(tx, request, {
          target: `payment-method:${row.id}`,
          details: { brand: row.brand, last4: row.last4, isDefault: row.isDefault },
        });
        return toPaymentMethod(row, clock.now());
      },
    ),

    updatePaymentMethod: async ({ params, query }, request) =>
      db.transaction(async (tx) => {
        await lockPaymentMethods(tx, query.project);
        const row = await makeDefault(tx, query.project, params.id);
        await recordAudit(tx, request, { target: `payment-method:${row.id}`, details: { isDefault: true } });
        return toPaymentMethod(row, clock.now());
      }),

    deletePaymentMethod: async ({ params, query }, request) =>
      db.transaction(async (tx) => {
        await lockPaymentMethods(tx, query.project);
        const row = await removePaymentMethod(tx, query.project, params.id, clock.now());
        await recordAudit(tx, request, {
          target: `payment-method:${row.id}`,
          details: { brand: row.brand, last4: row.last4 },
        });
        return undefined;
      }),

    getVendorSecret: async ({ params, query }) => {
      if (params.vendor !== gateway.vendor) throw paymentVendorNotFound(params.vendor);
      // A setup is only worth making for an account that can store the card.
      await db.transaction((tx) => lockPaymentMethods(tx, query.project));
      try {
        const { secret } = await gateway.createSetup({ projectId: query.project });
        return { vendor: gateway.vendor, secret, publishableKey: gateway.publishableKey ?? null };
      } catch {
        throw setupIntentFailed();
      }
    },

    listPaymentMethodPaymentAttempts: ({ params, query }) => listPaymentAttempts(db, query.project, params.id, query),
  };
}
