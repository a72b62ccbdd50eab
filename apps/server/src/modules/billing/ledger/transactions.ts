import type { CreateTransactionRequest, Transaction, TransactionType } from '@wharf/contract';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { preparedShapes } from '../../../core/db/prepared.js';
import { afterToken, containsPattern, olderThanPlaceholders, timePage } from '../../../core/pagination.js';
import { accountForLedger, creditLimitFor } from '../account.js';
import { transactionNotFound, transactionNotReversible } from '../errors.js';
import {
  afterCreate,
  afterSettle,
  assertMayBook,
  assertMaySettle,
  signedAmount,
  type EntrySource,
  type WalletState,
  withinLimits,
} from './ledger.js';
import { transactions } from '../schema.js';
import { lockWallet, lockWalletById, saveWalletState, type WalletRow } from './wallets.js';

type TransactionRow = typeof transactions.$inferSelect;

export function toTransaction(row: TransactionRow): Transaction {
  return {
    id: row.id,
    walletId: row.walletId,
    type: row.type,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    integration: row.integration,
    sourceReference: row.sourceReference,
    description: row.description,
    reversesId: row.reversesId,
    invoiceId: row.invoiceId,
    createdAt: row.createdAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    voidedAt: row.voidedAt?.toISOString() ?? null,
  };
}

/** An entry about to be booked: `amount` is already signed. */
export interface NewEntry {
  type: TransactionType;
  amount: number;
  confirm: boolean;
  integration: string;
  sourceReference: string;
  description?: string | null | undefined;
  reversesId?: string;
}

const stateOf = (wallet: WalletRow, creditLimit: number): WalletState => ({
  balance: wallet.balance,
  held: wallet.held,
  creditLimit,
});

/**
 * Books one entry on a locked wallet: the ledger's rules decide — who may book it (`source`), whether
 * the wallet can take it, whether the balance stays within MONEY_MAX — and the cached balance moves with it.
 */
export async function book(
  tx: Executor,
  projectId: string,
  wallet: WalletRow,
  creditLimit: number,
  entry: NewEntry,
  now: Date,
  source: EntrySource,
): Promise<TransactionRow> {
  assertMayBook(source, entry.type, entry.amount);
  const status = entry.confirm ? 'confirmed' : 'pending';
  const next = withinLimits(afterCreate(stateOf(wallet, creditLimit), { amount: entry.amount, status }), source);
  const [row] = await tx
    .insert(transactions)
    .values({
      projectId,
      walletId: wallet.id,
      type: entry.type,
      status,
      amount: entry.amount,
      currency: wallet.currency,
      integration: entry.integration,
      sourceReference: entry.sourceReference,
      description: entry.description ?? null,
      reversesId: entry.reversesId ?? null,
      createdAt: now,
      confirmedAt: entry.confirm ? now : null,
    })
    .returning();
  await saveWalletState(tx, wallet.id, next, now);
  return row!;
}

/**
 * Books a charge, credit or adjustment (never a payment: only `topUpWallet` books one, after the
 * gateway took the money) for `source`, who is acting: a project may only take value, an
 * administrator may also give it (docs/decisions/022). Other modules go through `raiseEntry`
 * (service.ts), which also queues an auto top-up when one is due.
 */
export async function raiseTransaction(
  tx: Executor,
  projectId: string,
  request: Omit<CreateTransactionRequest, 'paymentMethodId'>,
  now: Date,
  source: EntrySource,
): Promise<Transaction> {
  // Refused before any lock is taken (and before the company check): the answer does not depend on them.
  assertMayBook(source, request.type, signedAmount(request.type, request.amount));
  const account = await accountForLedger(tx, projectId);
  const wallet = await lockWallet(tx, projectId, request.currency, now);
  const row = await book(
    tx,
    projectId,
    wallet,
    creditLimitFor(account, wallet.currency),
    { ...request, amount: signedAmount(request.type, request.amount) },
    now,
    source,
  );
  return toTransaction(row);
}

async function findRow(db: Executor, projectId: string, id: string, lock = false): Promise<TransactionRow> {
  const query = db
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, id), eq(transactions.projectId, projectId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw transactionNotFound();
  return row;
}

/**
 * The entry and its wallet, both locked, in the one order every ledger write takes (account,
 * wallet, entry) so that two writes can never wait on each other in a circle.
 */
async function lockEntry(tx: Executor, projectId: string, id: string) {
  const account = await accountForLedger(tx, projectId);
  const { walletId } = await findRow(tx, projectId, id);
  const wallet = await lockWalletById(tx, projectId, walletId);
  const entry = await findRow(tx, projectId, id, true);
  return { wallet, entry, creditLimit: creditLimitFor(account, wallet.currency) };
}

/** pending → confirmed (it then counts in the balance) or void (its hold is released). */
export async function settleTransaction(
  tx: Executor,
  projectId: string,
  id: string,
  to: 'confirmed' | 'void',
  now: Date,
  source: EntrySource,
): Promise<Transaction> {
  const { wallet, entry, creditLimit } = await lockEntry(tx, projectId, id);
  assertMaySettle(source, entry, to);
  const next = afterSettle(stateOf(wallet, creditLimit), entry, to);
  const [row] = await tx
    .update(transactions)
    .set(to === 'confirmed' ? { status: to, confirmedAt: now } : { status: to, voidedAt: now })
    .where(and(eq(transactions.id, id), eq(transactions.status, 'pending')))
    .returning();
  await saveWalletState(tx, wallet.id, next, now);
  return toTransaction(row!);
}

/**
 * A correction: a new confirmed adjustment of the opposite amount that names the entry it reverses.
 * Only confirmed entries are reversed (a pending one is voided instead), each at most once, and a
 * reversal is not itself reversed (raise the entry again instead). Reversing a credit is a debit,
 * so it needs the balance to cover it like any charge; reversing a debit gives value back, so only a
 * source that may give value (an administrator, billing itself) may do it.
 */
export async function reverseTransaction(
  tx: Executor,
  projectId: string,
  id: string,
  now: Date,
  source: EntrySource,
  description: string | null = null,
): Promise<Transaction> {
  const { wallet, entry, creditLimit } = await lockEntry(tx, projectId, id);
  if (entry.status !== 'confirmed') throw transactionNotReversible('Only confirmed transactions can be reversed.');
  if (entry.reversesId) throw transactionNotReversible('A reversal cannot itself be reversed.');
  const [already] = await tx.select({ id: transactions.id }).from(transactions).where(eq(transactions.reversesId, id));
  if (already) throw transactionNotReversible('This transaction has already been reversed.');
  const row = await book(
    tx,
    projectId,
    wallet,
    creditLimit,
    {
      type: 'adjustment',
      amount: -entry.amount,
      confirm: true,
      integration: entry.integration,
      sourceReference: entry.sourceReference,
      description,
      reversesId: entry.id,
    },
    now,
    source,
  );
  return toTransaction(row);
}

export async function getTransaction(db: Executor, projectId: string, id: string): Promise<Transaction> {
  return toTransaction(await findRow(db, projectId, id));
}

export interface TransactionFilter {
  pageToken?: string | undefined;
  pageSize: number;
  invoice?: string | undefined;
  search?: string | undefined;
  integration?: string | undefined;
}

/** Newest first, paged by keyset on (createdAt, id): page 1000 costs what page 1 costs. */
const transactionsPage = preparedShapes(
  'transactions_page',
  (db: Executor, shape: { invoice: boolean; integration: boolean; search: boolean; after: boolean }, name) => {
    const pattern = sql.placeholder('pattern');
    return db
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.projectId, sql.placeholder('projectId')),
          shape.invoice ? eq(transactions.invoiceId, sql.placeholder('invoice')) : undefined,
          shape.integration ? eq(transactions.integration, sql.placeholder('integration')) : undefined,
          shape.search
            ? or(ilike(transactions.sourceReference, pattern), ilike(transactions.description, pattern))
            : undefined,
          shape.after ? olderThanPlaceholders(transactions.createdAt, transactions.id) : undefined,
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  },
);

export async function listTransactions(db: Executor, projectId: string, filter: TransactionFilter) {
  const after = afterToken(filter.pageToken);
  const shape = {
    invoice: Boolean(filter.invoice),
    integration: Boolean(filter.integration),
    search: Boolean(filter.search),
    after: after.afterAt !== undefined,
  };
  const rows = await transactionsPage(db, shape, {
    projectId,
    invoice: filter.invoice,
    integration: filter.integration,
    pattern: filter.search ? containsPattern(filter.search) : undefined,
    limit: filter.pageSize + 1,
    ...after,
  });
  return timePage(rows, filter.pageSize, (r) => r.createdAt, toTransaction);
}
