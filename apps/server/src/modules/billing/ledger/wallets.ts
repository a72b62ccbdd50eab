import type { UpdateWalletRequest, Wallet } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { accountForLedger, creditLimitFor, loadAccount } from '../account.js';
import { walletNotFound } from '../errors.js';
import { available, type WalletState } from './ledger.js';
import { wallets } from '../schema.js';

export type WalletRow = typeof wallets.$inferSelect;

export function toWallet(row: WalletRow, creditLimit: number): Wallet {
  return {
    id: row.id,
    currency: row.currency,
    balance: row.balance,
    held: row.held,
    available: available({ balance: row.balance, held: row.held, creditLimit }),
    creditLimit,
    autoTopUp:
      row.autoTopUpThreshold === null || row.autoTopUpAmount === null
        ? null
        : { threshold: row.autoTopUpThreshold, amount: row.autoTopUpAmount },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The project's wallet in `currency`, made on first use and locked (FOR UPDATE) until the
 * transaction ends: every change of a balance goes through here, so two charges take turns and
 * the second sees what the first took.
 */
export async function lockWallet(tx: Executor, projectId: string, currency: string, now: Date): Promise<WalletRow> {
  await tx.insert(wallets).values({ projectId, currency, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.projectId, projectId), eq(wallets.currency, currency)))
    .for('update');
  return row!;
}

/** One of the project's wallets by id, locked; another project's is not found. */
export async function lockWalletById(tx: Executor, projectId: string, id: string): Promise<WalletRow> {
  const [row] = await tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, id), eq(wallets.projectId, projectId)))
    .for('update');
  if (!row) throw walletNotFound();
  return row;
}

/** Writes the cached balance and holds of a locked wallet, in the transaction of the entry that moved them. */
export async function saveWalletState(tx: Executor, id: string, state: WalletState, now: Date): Promise<void> {
  await tx.update(wallets).set({ balance: state.balance, held: state.held, updatedAt: now }).where(eq(wallets.id, id));
}

export async function listWallets(db: Executor, projectId: string): Promise<Wallet[]> {
  const account = await loadAccount(db, projectId);
  const rows = await db.select().from(wallets).where(eq(wallets.projectId, projectId)).orderBy(asc(wallets.currency));
  return rows.map((row) => toWallet(row, creditLimitFor(account, row.currency)));
}

export async function getWallet(db: Executor, projectId: string, id: string): Promise<Wallet> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.id, id), eq(wallets.projectId, projectId)));
  if (!row) throw walletNotFound();
  return toWallet(row, creditLimitFor(await loadAccount(db, projectId), row.currency));
}

/** Auto top-up settings; the balance is the ledger's alone. */
export async function updateWallet(
  tx: Executor,
  projectId: string,
  id: string,
  changes: UpdateWalletRequest,
  now: Date,
): Promise<Wallet> {
  const account = await accountForLedger(tx, projectId);
  await lockWalletById(tx, projectId, id);
  const [row] = await tx
    .update(wallets)
    .set({
      autoTopUpThreshold: changes.autoTopUp?.threshold ?? null,
      autoTopUpAmount: changes.autoTopUp?.amount ?? null,
      updatedAt: now,
    })
    .where(eq(wallets.id, id))
    .returning();
  return toWallet(row!, creditLimitFor(account, row!.currency));
}
