import type { operations } from '@wharf/contract';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { billingProject, loadAccount, setCreditLimit, updateAccount } from './account.js';
import { idempotent } from './idempotency.js';
import { planCatalogue } from './plans.js';
import { getTransaction, listTransactions, raiseTransaction, settleTransaction } from './transactions.js';
import { getWallet, listWallets, updateWallet } from './wallets.js';

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
>;

/** SPEC.md section 7, "Billing": the billing project, plans, wallets and the ledger's transactions. */
export function billingHandlers(deps: { db: Database; clock: Clock }): Handlers<BillingOperations> {
  const { db, clock } = deps;

  return {
    getBillingProject: ({ query }) => billingProject(db, query.project),

    updateBillingProject: async ({ query, body }, request) =>
      db.transaction(async (tx) => {
        await updateAccount(tx, query.project, body, clock.now());
        await recordAudit(tx, request, { target: `billing:${query.project}`, details: { fields: Object.keys(body) } });
        return billingProject(tx, query.project);
      }),

    updateAdminBillingProject: async ({ query, body }, request) =>
      db.transaction(async (tx) => {
        const before = await loadAccount(tx, query.project);
        await setCreditLimit(tx, query.project, body.creditLimit, clock.now());
        await recordAudit(tx, request, {
          target: `billing:${query.project}`,
          details: { creditLimit: { from: before.creditLimit, to: body.creditLimit } },
        });
        return billingProject(tx, query.project);
      }),

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
        const created = await raiseTransaction(tx, query.project, body, clock.now());
        await recordAudit(tx, request, {
          target: `transaction:${created.id}`,
          details: { type: created.type, amount: created.amount, currency: created.currency, status: created.status },
        });
        return created;
      },
    ),

    listTransactions: ({ query }) => listTransactions(db, query.project, query),

    getTransaction: ({ params, query }) => getTransaction(db, query.project, params.id),

    confirmTransaction: idempotent<BillingOperations['confirmTransaction']>(
      deps,
      async (tx, { params, query }, request) => {
        const confirmed = await settleTransaction(tx, query.project, params.id, 'confirmed', clock.now());
        await recordAudit(tx, request, {
          target: `transaction:${confirmed.id}`,
          details: { amount: confirmed.amount, currency: confirmed.currency },
        });
        return confirmed;
      },
    ),
  };
}
