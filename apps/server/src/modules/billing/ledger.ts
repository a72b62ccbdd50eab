import type { TransactionStatus, TransactionType } from '@wharf/contract';
import { insufficientBalance, transactionNotPending } from './errors.js';

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
  return { ...wallet, balance, held };
}
