import { InvoiceStatus, type Invoice } from '@wharf/contract';
import { useState } from 'react';
import { useApiClient } from '../../app/api-client';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { useInvoiceAttempts, useInvoices, usePayInvoice, useTransactions } from '../../features/billing/api';
import { formatDate, formatDateTime, formatPeriod } from '../../features/billing/dates';
import { invoiceFileName } from '../../features/billing/download';
import { useIdempotencyKey } from '../../features/billing/idempotency';
import { coveredByWallet, outstanding } from '../../features/billing/invoice-amounts';
import { formatMoney } from '../../features/billing/money';
import { BillingError } from '../../features/billing/ui/BillingError';
import { DownloadButton, StreamingExport } from '../../features/billing/ui/Downloads';
import { PagedTable } from '../../features/billing/ui/PagedTable';
import { usePageTokens } from '../../features/billing/ui/Pager';
import { QueryState } from '../../features/billing/ui/QueryState';
import { InvoiceStatusTag, TransactionStatusTag, invoiceStatusLabel } from '../../features/billing/ui/StatusTag';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Popup } from '../../ui/Popup';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

/** Invoices that can still be paid (SPEC.md: Pay now). */
const PAYABLE: readonly InvoiceStatus[] = ['due', 'failed', 'overdue'];

/** `/billing/invoices` (route `billing.invoices`): the invoices, filtered, paged, each opening its detail. */
export function InvoicesPage() {
  return (
    <ProjectPage
      title="Invoices"
      description="Each billing period's invoice, its lines and payments."
      permissions={['billing.read', 'billing.manage']}
    >
      {(project, access) => <Invoices key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Invoices({ project, access }: { project: Project; access: Access }) {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const search = useListSearch();
  const filterKey = `${status}|${search.query}`;
  const paging = usePageTokens(filterKey);
  const invoices = useInvoices(project.id, {
    status: status || undefined,
    search: search.query || undefined,
    pageToken: paging.pageToken,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const open = invoices.data?.items.find((i) => i.id === openId) ?? null;

  return (
    <SettingsSection title="Invoices" description="Newest first. Open one for its lines, payments and PDF.">
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <SelectField
          label="Status"
          value={status}
          onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}
          className="w-40"
        >
          <option value="">All</option>
          {InvoiceStatus.options.map((s) => (
            <option key={s} value={s}>
              {invoiceStatusLabel(s)}
            </option>
          ))}
        </SelectField>
        <form
          role="search"
          aria-label="Invoices"
          onSubmit={(e) => e.preventDefault()}
          className="min-w-0 flex-1 sm:max-w-xs"
        >
          <TextField
            label="Search by number"
            type="search"
            placeholder="INV-000001"
            autoComplete="off"
            spellCheck={false}
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
          />
        </form>
      </div>
      <PagedTable
        query={invoices}
        paging={paging}
        project={project.id}
        caption="Invoices"
        what="the invoices"
        keyOf={(invoice) => invoice.id}
        empty={{ title: 'No invoices yet.', body: "Invoices appear here after the project's first billing period." }}
        noMatch="No invoices match."
        filtered={Boolean(status || search.query)}
        columns={[
          {
            header: 'Number',
            cell: (invoice) => (
              <Button
                variant="ghost"
                size="small"
                className="-ml-2 font-mono font-semibold text-primary underline underline-offset-4"
                onClick={() => setOpenId(invoice.id)}
                aria-label={`Open invoice ${invoice.number}`}
              >
                {invoice.number}
              </Button>
            ),
          },
          { header: 'Period', cell: (invoice) => formatPeriod(invoice.periodStart, invoice.periodEnd) },
          { header: 'Issued', className: 'whitespace-nowrap', cell: (invoice) => formatDate(invoice.issuedAt) },
          { header: 'Due', className: 'whitespace-nowrap', cell: (invoice) => formatDate(invoice.dueAt) },
          { header: 'Total', numeric: true, cell: (invoice) => formatMoney(invoice.total, invoice.currency) },
          {
            header: 'Outstanding',
            numeric: true,
            cell: (invoice) => formatMoney(outstanding(invoice), invoice.currency),
          },
          { header: 'Status', cell: (invoice) => <InvoiceStatusTag status={invoice.status} /> },
        ]}
      />
      {open && (
        <InvoiceDetail
          invoice={open}
          project={project.id}
          canManage={access.can('billing.manage')}
          onClose={() => setOpenId(null)}
        />
      )}
    </SettingsSection>
  );
}

function InvoiceDetail({
  invoice,
  project,
  canManage,
  onClose,
}: {
  invoice: Invoice;
  project: string;
  canManage: boolean;
  onClose: () => void;
}) {
  const client = useApiClient();
  const pay = usePayInvoice(project);
  const idempotency = useIdempotencyKey();
  // The invoice as the last payment answered it, until the list has read it again.
  const [paid, setPaid] = useState<Invoice | null>(null);
  const shown = paid && paid.id === invoice.id ? paid : invoice;
  const money = (minor: number) => formatMoney(minor, shown.currency);
  const payable = PAYABLE.includes(shown.status) && outstanding(shown) > 0;

  async function payNow() {
    const key = idempotency.keyFor(`pay:${shown.id}`);
    try {
      const answer = await pay.mutateAsync({ id: shown.id, key });
      idempotency.settle();
      setPaid(answer);
    } catch (error) {
      idempotency.settle(error);
    }
  }

  return (
    <Popup
      open
      onOpenChange={(next) => !next && onClose()}
      title={`Invoice ${shown.number}`}
      description={formatPeriod(shown.periodStart, shown.periodEnd)}
      dismissible={!pay.isPending}
      footer={
        <>
          <DownloadButton
            label="Download PDF"
            size="default"
            filename={invoiceFileName(shown.number)}
            load={() => client.downloadInvoice({ project, id: shown.id }) as unknown as Promise<Blob>}
          />
          {payable && (
            <Button
              onClick={() => void payNow()}
              disabled={!canManage || pay.isPending}
              aria-busy={pay.isPending || undefined}
            >
              {pay.isPending ? 'Paying…' : `Pay ${money(outstanding(shown))} now`}
            </Button>
          )}
        </>
      }
    >
      <div className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <InvoiceStatusTag status={shown.status} />
          <span className="text-muted">Issued {formatDate(shown.issuedAt)}</span>
          <span className="text-muted">Due {formatDate(shown.dueAt)}</span>
          {shown.paidAt && <span className="text-muted">Paid {formatDate(shown.paidAt)}</span>}
        </div>
        {shown.status === 'void' && shown.voidReason && <Alert tone="info">Void: {shown.voidReason}</Alert>}
        {pay.isError && <BillingError error={pay.error} project={project} />}
        {paid && paid.status === 'paid' && <Alert tone="success">Invoice paid.</Alert>}
        {shown.nextAttemptAt && (
          <p className="text-sm text-muted">Next automatic payment attempt: {formatDateTime(shown.nextAttemptAt)}</p>
        )}
        <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-1 text-sm" aria-label="Totals">
          <dt className="text-muted">Subtotal</dt>
          <dd className="text-right tabular-nums">{money(shown.subtotal)}</dd>
          <dt className="text-muted">Tax ({(shown.taxRateBps / 100).toLocaleString()} %)</dt>
          <dd className="text-right tabular-nums">{money(shown.tax)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{money(shown.total)}</dd>
          {coveredByWallet(shown) > 0 && (
            <>
              <dt className="text-muted">Covered by the wallet</dt>
              <dd className="text-right tabular-nums">{money(coveredByWallet(shown))}</dd>
            </>
          )}
          <dt className="text-muted">Paid</dt>
          <dd className="text-right tabular-nums">{money(shown.amountPaid)}</dd>
          <dt className="font-semibold">Outstanding</dt>
          <dd className="text-right font-semibold tabular-nums">{money(outstanding(shown))}</dd>
        </dl>
        <InvoiceLines invoice={shown} project={project} />
        <PaymentAttempts invoice={shown} project={project} />
      </div>
    </Popup>
  );
}

function InvoiceLines({ invoice, project }: { invoice: Invoice; project: string }) {
  const paging = usePageTokens(invoice.id);
  const lines = useTransactions(project, { invoice: invoice.id, pageToken: paging.pageToken });
  return (
    <section aria-label="Lines" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Lines ({invoice.lineCount})</h3>
        <StreamingExport
          label="Export lines (CSV)"
          size="small"
          path={`/v1/billing/invoices/${invoice.id}/transactions/export`}
          project={project}
          body={{}}
          filename={invoiceFileName(invoice.number, 'csv')}
        />
      </div>
      <PagedTable
        query={lines}
        paging={paging}
        project={project}
        caption="Invoice lines"
        what="the lines"
        keyOf={(t) => t.id}
        empty={{ title: 'No lines.' }}
        noMatch="No lines."
        filtered={false}
        columns={[
          { header: 'Date', className: 'whitespace-nowrap', cell: (t) => formatDate(t.createdAt) },
          { header: 'Description', cell: (t) => t.description ?? t.sourceReference },
          { header: 'Integration', cell: (t) => <code className="font-mono text-xs">{t.integration}</code> },
          { header: 'Amount', numeric: true, cell: (t) => formatMoney(t.amount, t.currency) },
          { header: 'Status', cell: (t) => <TransactionStatusTag status={t.status} /> },
        ]}
      />
    </section>
  );
}

const outcomeWords: Record<string, string> = {
  succeeded: 'Succeeded',
  declined: 'Declined',
  insufficient_funds: 'Insufficient funds',
  expired: 'Card expired',
};

function PaymentAttempts({ invoice, project }: { invoice: Invoice; project: string }) {
  const attempts = useInvoiceAttempts(project, invoice.id);
  return (
    <section aria-label="Payment attempts" className="grid gap-2">
      <h3 className="text-sm font-semibold">Payment attempts</h3>
      <QueryState query={attempts} what="the payment attempts" project={project} inCard={false}>
        {(page) =>
          page.items.length === 0 ? (
            <p className="text-sm text-muted">No payment attempts yet.</p>
          ) : (
            <ul className="grid gap-1 text-sm">
              {page.items.map((a) => (
                <li key={a.id} className="flex flex-wrap justify-between gap-x-4">
                  <span>{formatDateTime(a.createdAt)}</span>
                  <span className="tabular-nums">{formatMoney(a.amount, a.currency)}</span>
                  <span className={a.outcome === 'succeeded' ? 'text-success' : 'text-danger'}>
                    {outcomeWords[a.outcome] ?? a.outcome}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
    </section>
  );
}
