import type { Invoice } from '@wharf/contract';

/**
 * What is still owed on an invoice. `amountDue` is the part the wallet could not cover at issue
 * (what is collected from the card, docs/decisions/016) and stays on the invoice once collected;
 * `amountPaid` counts the wallet's part and the card payments. A paid or void invoice owes nothing.
 */
export function outstanding(invoice: Pick<Invoice, 'status' | 'total' | 'amountPaid'>): number {
  if (invoice.status === 'paid' || invoice.status === 'void') return 0;
  return Math.max(0, invoice.total - invoice.amountPaid);
}

/** The part of the total the prepaid wallet covered when the invoice was issued. */
export function coveredByWallet(invoice: Pick<Invoice, 'total' | 'amountDue'>): number {
  return Math.max(0, invoice.total - invoice.amountDue);
}
