import type { InvoiceStatus } from '@wharf/contract';
import { Tag, type TagTone } from '../../../ui/Tag';
import { cx } from '../../../ui/cx';

/**
 * SPEC.md section 3: invoice statuses are shown as colours — paid green, due neutral blue, overdue
 * red, failed orange, void grey. The word is always there too, so colour is never the only signal.
 */
const invoiceTones: Record<InvoiceStatus, { tone: TagTone; label: string; className?: string }> = {
  paid: { tone: 'success', label: 'Paid' },
  due: { tone: 'primary', label: 'Due' },
  overdue: { tone: 'danger', label: 'Overdue' },
  failed: { tone: 'warning', label: 'Failed' },
  void: { tone: 'neutral', label: 'Void', className: 'text-muted line-through decoration-1' },
};

export function InvoiceStatusTag({ status }: { status: InvoiceStatus }) {
  const look = invoiceTones[status];
  return (
    <Tag tone={look.tone} className={cx('whitespace-nowrap', look.className)}>
      <span data-status={status}>{look.label}</span>
    </Tag>
  );
}

export const invoiceStatusLabel = (status: InvoiceStatus) => invoiceTones[status].label;

const transactionTones: Record<string, TagTone> = { pending: 'warning', confirmed: 'success', void: 'neutral' };

export function TransactionStatusTag({ status }: { status: string }) {
  return (
    <Tag tone={transactionTones[status] ?? 'neutral'} className="whitespace-nowrap">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Tag>
  );
}
