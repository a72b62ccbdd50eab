import type { Transaction } from '@wharf/contract';
import { useState } from 'react';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { useConfirmTransaction, useTransactions } from '../../features/billing/api';
import { formatDate } from '../../features/billing/dates';
import { useIdempotencyKey } from '../../features/billing/idempotency';
import { formatMoney } from '../../features/billing/money';
import { BillingError } from '../../features/billing/ui/BillingError';
import { StreamingExport } from '../../features/billing/ui/Downloads';
import { PagedTable } from '../../features/billing/ui/PagedTable';
import { usePageTokens } from '../../features/billing/ui/Pager';
import { TransactionStatusTag } from '../../features/billing/ui/StatusTag';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { TextField } from '../../ui/TextField';

/** `/billing/charges` (route `billing.charges`): the ledger's entries, confirmable while pending, exportable. */
export function ChargesPage() {
  return (
    <ProjectPage
      title="Charges"
      description="Every charge, credit, payment and adjustment of the project, newest first."
      permissions={['billing.read', 'billing.manage']}
    >
      {(project, access) => <Charges key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

const typeWords: Record<string, string> = {
  charge: 'Charge',
  credit: 'Credit',
  payment: 'Top-up',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

function Charges({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('billing.manage');
  const search = useListSearch();
  const integration = useListSearch();
  const paging = usePageTokens(`${integration.query}|${search.query}`);
  const transactions = useTransactions(project.id, {
    integration: integration.query || undefined,
    search: search.query || undefined,
    pageToken: paging.pageToken,
  });
  const confirm = useConfirmTransaction(project.id);
  const idempotency = useIdempotencyKey();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const confirming = useConfirmedMutation<Transaction, { id: string; key: string }>(
    confirm,
    // One key per entry until it is confirmed: a retry after a lost answer cannot confirm twice.
    (t) => ({ id: t.id, key: idempotency.keyFor(`confirm:${t.id}`) }),
    (t) => {
      idempotency.settle();
      setConfirmed(formatMoney(Math.abs(t.amount), t.currency));
    },
  );

  return (
    <SettingsSection
      title="Transactions"
      description="Pending entries hold their amount until confirmed."
      aside={
        <StreamingExport
          label="Export CSV"
          path="/v1/billing/transactions/export"
          project={project.id}
          body={{
            ...(integration.query ? { integration: integration.query } : {}),
            ...(search.query ? { search: search.query } : {}),
          }}
          filename={`transactions-${new Date().toISOString().slice(0, 10)}.csv`}
          className="justify-end"
        />
      }
    >
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <form
          role="search"
          aria-label="Transactions"
          onSubmit={(e) => e.preventDefault()}
          className="grid flex-1 gap-3 xs:grid-cols-2 sm:max-w-xl"
        >
          <TextField
            label="Integration"
            placeholder="gfn"
            autoComplete="off"
            spellCheck={false}
            value={integration.text}
            onChange={(e) => integration.setText(e.target.value)}
          />
          <TextField
            label="Search"
            type="search"
            placeholder="Reference or description"
            autoComplete="off"
            value={search.text}
            onChange={(e) => search.setText(e.target.value)}
          />
        </form>
      </div>
      {confirmed && (
        <Alert tone="success" className="mb-4">
          Transaction of {confirmed} confirmed.
        </Alert>
      )}
      <PagedTable
        query={transactions}
        paging={paging}
        project={project.id}
        caption="Transactions"
        what="the transactions"
        keyOf={(t) => t.id}
        empty={{ title: 'No transactions yet.', body: 'Charges from modules and your top-ups appear here.' }}
        noMatch="No transactions match."
        filtered={Boolean(search.query || integration.query)}
        columns={[
          { header: 'Date', className: 'whitespace-nowrap', cell: (t) => formatDate(t.createdAt) },
          { header: 'Type', cell: (t) => typeWords[t.type] ?? t.type },
          {
            header: 'Description',
            className: 'max-w-[18rem]',
            cell: (t) => (
              <span className="block truncate" title={t.description ?? t.sourceReference}>
                {t.description ?? t.sourceReference}
              </span>
            ),
          },
          { header: 'Integration', cell: (t) => <code className="font-mono text-xs">{t.integration}</code> },
          { header: 'Amount', numeric: true, cell: (t) => formatMoney(t.amount, t.currency) },
          { header: 'Status', cell: (t) => <TransactionStatusTag status={t.status} /> },
          {
            header: <span className="sr-only">Actions</span>,
            cell: (t) =>
              t.status === 'pending' ? (
                <Button
                  size="small"
                  variant="secondary"
                  disabled={!canManage}
                  onClick={() => {
                    setConfirmed(null);
                    confirming.ask(t);
                  }}
                  aria-label={`Confirm ${t.description ?? t.sourceReference}`}
                >
                  Confirm
                </Button>
              ) : null,
          },
        ]}
      />
      <ConfirmDialog
        {...confirming.dialog}
        error={undefined}
        title="Confirm this transaction?"
        confirmLabel="Confirm"
        pendingLabel="Confirming…"
      >
        {confirming.target && (
          <div className="grid gap-3">
            <p>
              {typeWords[confirming.target.type] ?? confirming.target.type} of{' '}
              <strong className="text-text">{formatMoney(confirming.target.amount, confirming.target.currency)}</strong>{' '}
              ({confirming.target.description ?? confirming.target.sourceReference}) then counts in the balance. It
              cannot be undone, only reversed by a new entry.
            </p>
            {confirm.isError && <BillingError error={confirm.error} project={project.id} />}
          </div>
        )}
      </ConfirmDialog>
    </SettingsSection>
  );
}
