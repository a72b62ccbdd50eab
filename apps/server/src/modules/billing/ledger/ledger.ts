import { MONEY_MAX, type TransactionStatus, type TransactionType } from '@wharf/contract';
import { balanceLimitExceeded, insufficientBalance, transactionNotAllowed, transactionNotPending } from '../errors.js';

/**
 * The ledger's rules, free of the database so that they can be reasoned about (and model-tested)
 * on their own. Amounts are signed minor units: an entry's effect on its wallet's balance.
 *
 * - `balance` is the sum of the wallet's confirmed entries.
 * - `held` is the sum of its pending debits (as a positive number): a pending charge reserves its
 *   amount at once, so confirming it later never fails and concurrent charges cannot overspend.
 * - Pending credits count for nothing until confirmed: money is not spent before it arrives.
 * - Any debit entering the wallet, pending or confirmed, must leave balance − held ≥ −creditLimit.
 *   Together these keep the confirmed balance at or above minus the credit limit (the limit in
 *   force when the debit was taken: an administrator lowering it does not rewrite the past).
 */
export interface WalletState {
  balance: number;
  held: number;
  creditLimit: number;
}

export interface Entry {
  amount: number;
  status: TransactionStatus;
}

/**
 * Who is booking an entry (docs/decisions/022). Value enters a wallet only from a payment the
 * gateway captured or from a platform administrator, with a reason:
 * - `project`: a project member through the API, or a module acting for the project (`raiseEntry`):
 *   only debits — charges and negative adjustments — and confirming or reversing only what takes value;
 * - `gateway`: a captured card payment (`payment` entries, and nothing else);
 * - `admin`: a platform administrator, with the reason kept on the entry and in the audit log;
 * - `billing`: billing's own lines (plan fees, prorations, tax), computed from the catalogue.
 */
export type EntrySource =
  { kind: 'project' } | { kind: 'gateway' } | { kind: 'admin'; reason: string } | { kind: 'billing' };

export const PROJECT: EntrySource = { kind: 'project' };
export const GATEWAY: EntrySource = { kind: 'gateway' };
export const BILLING: EntrySource = { kind: 'billing' };

/** Refuses an entry its source may not book: the only gate on value entering a wallet. */
export function assertMayBook(source: EntrySource, type: TransactionType, amount: number): void {
  if (type === 'payment' && source.kind !== 'gateway')
    throw transactionNotAllowed('A payment is booked only once the payment gateway has taken the money.');
  if (source.kind === 'gateway' && type !== 'payment')
    throw transactionNotAllowed('The payment gateway books payments only.');
  if (source.kind === 'admin' && source.reason.trim().length === 0)
    throw transactionNotAllowed('A platform administrator gives a reason for every entry.');
  if (source.kind === 'project' && amount > 0)
    throw transactionNotAllowed(
      "A project cannot add money to its own wallet. Top it up with a payment, or ask the platform's administrators for a credit.",
    );
}

/** Refuses a settlement its source may not make: confirming a pending credit is value entering too. */
export function assertMaySettle(source: EntrySource, entry: Entry, to: 'confirmed' | 'void'): void {
  if (to === 'confirmed' && entry.amount > 0 && source.kind === 'project')
    throw transactionNotAllowed(
      "A project cannot confirm money into its own wallet. Ask the platform's administrators.",
    );
}

/** How a request's positive amount lands on the balance; adjustments arrive signed. */
export function signedAmount(type: TransactionType, amount: number): number {
  switch (type) {
    case 'charge':
    case 'refund':
      return -Math.abs(amount);
    case 'credit':
    case 'payment':
      return Math.abs(amount);
    case 'adjustment':
      return amount;
  }
}

/** What a new debit of `amount` (> 0) may still take. */
export function available(wallet: WalletState): number {
  return wallet.balance - wallet.held + wallet.creditLimit;
}

function assertFits(wallet: WalletState, amount: number): void {
  if (amount < 0 && available(wallet) + amount < 0) throw insufficientBalance();
}

/**
 * What the ledger accepts, every read can show: a write that would take a balance or hold beyond
 * MONEY_MAX (the contract's bound) is refused, never found at a read. Only billing's own lines (plan
 * fees, tax: owed whatever the limits say) may pass it, by at most the tax on a bounded invoice;
 * the reads' sums (`MoneyTotal`) leave room for that many times over.
 */
export function withinLimits(wallet: WalletState, source: EntrySource): WalletState {
  if (source.kind === 'billing') return wallet;
  if (Math.abs(wallet.balance) > MONEY_MAX || wallet.held > MONEY_MAX) throw balanceLimitExceeded();
  return wallet;
}

/** The wallet after a new entry (pending or confirmed); refuses a debit the wallet cannot cover. */
export function afterCreate(wallet: WalletState, entry: Entry): WalletState {
  if (entry.status === 'void') throw new Error('An entry is never created void');
  assertFits(wallet, entry.amount);
  if (entry.status === 'confirmed') return { ...wallet, balance: wallet.balance + entry.amount };
  return entry.amount < 0 ? { ...wallet, held: wallet.held - entry.amount } : wallet;
}

/** The only change an entry ever sees: pending → confirmed or void. */
export function afterSettle(wallet: WalletState, entry: Entry, to: 'confirmed' | 'void'): WalletState {
  if (entry.status !== 'pending') throw transactionNotPending(entry.status);
  // A pending debit's hold is released either way; confirmed, it becomes part of the balance.
  const held = entry.amount < 0 ? wallet.held + entry.amount : wallet.held;
  const balance = to === 'confirmed' ? wallet.balance + entry.amount : wallet.balance;
  // Voiding only releases a hold; confirming moves the balance, which must stay within the limits.
  return to === 'void' ? { ...wallet, balance, held } : withinLimits({ ...wallet, balance, held }, PROJECT);
}
