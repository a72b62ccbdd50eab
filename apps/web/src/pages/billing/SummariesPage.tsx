import type { Summary } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { useApiClient } from '../../app/api-client';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { useCreateSummary, useDeleteSummary, useSummaries } from '../../features/billing/api';
import { datesPeriod, formatDate, formatPeriod, lastMonth, monthPeriod } from '../../features/billing/dates';
import { fileSafe } from '../../features/billing/download';
import { useIdempotencyKey } from '../../features/billing/idempotency';
import { formatMoney } from '../../features/billing/money';
import { BillingError } from '../../features/billing/ui/BillingError';
import { DownloadButton, StreamingExport } from '../../features/billing/ui/Downloads';
import { PagedTable } from '../../features/billing/ui/PagedTable';
import { usePageTokens } from '../../features/billing/ui/Pager';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

/** `/billing/summaries` (route `billing.summaries`): statements of the wallet over a period. */
export function SummariesPage() {
  return (
    <ProjectPage
      title="Summaries"
      description="Statements of the wallet over a period: opening balance, movements and closing balance."
      permissions={['billing.read', 'billing.manage']}
    >
      {(project, access) => <Summaries key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

/** `2026-10-01T00:00:00.000Z` → `2026-10-01`: a summary's file name says its period. */
const day = (iso: string) => iso.slice(0, 10);
const summaryFile = (s: Summary, ext: string) =>
  `summary-${fileSafe(day(s.periodStart))}-${fileSafe(s.currency)}.${ext}`;

function Summaries({ project, access }: { project: Project; access: Access }) {
  const client = useApiClient();
  const canManage = access.can('billing.manage');
  const paging = usePageTokens('all');
  const summaries = useSummaries(project.id, { pageToken: paging.pageToken });
  const remove = useDeleteSummary(project.id);
  const [removed, setRemoved] = useState<string | null>(null);
  const deleting = useConfirmedMutation<Summary, string>(
    remove,
    (s) => s.id,
    (s) => setRemoved(formatPeriod(s.periodStart, s.periodEnd)),
  );

  return (
    <div className="grid gap-6">
      <CreateSummaryForm project={project.id} canManage={canManage} />
      <SettingsSection title="Statements" description="Newest first.">
        {removed && (
          <Alert tone="success" className="mb-4">
            Statement for {removed} deleted.
          </Alert>
        )}
        <PagedTable
          query={summaries}
          paging={paging}
          project={project.id}
          caption="Statements"
          what="the statements"
          keyOf={(s) => s.id}
          empty={{ title: 'No statements yet.', body: 'Create one for a month or any period above.' }}
          noMatch="No statements match."
          filtered={false}
          columns={[
            { header: 'Period', cell: (s) => formatPeriod(s.periodStart, s.periodEnd) },
            { header: 'Opening', numeric: true, cell: (s) => formatMoney(s.openingBalance, s.currency) },
            { header: 'Charges', numeric: true, cell: (s) => formatMoney(s.charges, s.currency) },
            { header: 'Payments', numeric: true, cell: (s) => formatMoney(s.payments, s.currency) },
            { header: 'Closing', numeric: true, cell: (s) => formatMoney(s.closingBalance, s.currency) },
            { header: 'Entries', numeric: true, cell: (s) => s.transactionCount },
            { header: 'Created', className: 'whitespace-nowrap', cell: (s) => formatDate(s.createdAt) },
            {
              header: <span className="sr-only">Actions</span>,
              cell: (s) => {
                const period = formatPeriod(s.periodStart, s.periodEnd);
                return (
                  <div className="flex flex-wrap items-center justify-end gap-2">
                    <DownloadButton
                      label="PDF"
                      aria-label={`Download the statement for ${period} as PDF`}
                      filename={summaryFile(s, 'pdf')}
                      load={() => client.downloadSummary({ project: project.id, id: s.id }) as unknown as Promise<Blob>}
                    />
                    <StreamingExport
                      label="CSV"
                      aria-label={`Export the transactions of ${period} as CSV`}
                      size="small"
                      path={`/v1/billing/summaries/${s.id}/transactions/export`}
                      project={project.id}
                      body={{}}
                      filename={summaryFile(s, 'csv')}
                    />
                    <Button
                      size="small"
                      variant="ghost"
                      className="text-danger"
                      disabled={!canManage}
                      onClick={() => {
                        setRemoved(null);
                        deleting.ask(s);
                      }}
                      aria-label={`Delete the statement for ${period}`}
                    >
                      Delete
                    </Button>
                  </div>
                );
              },
            },
          ]}
        />
      </SettingsSection>
      <ConfirmDialog
        {...deleting.dialog}
        title="Delete this statement?"
        confirmLabel="Delete statement"
        pendingLabel="Deleting…"
        danger
      >
        {deleting.target && (
          <p>
            The statement for {formatPeriod(deleting.target.periodStart, deleting.target.periodEnd)} is deleted. The
            transactions it summarises stay as they are; you can create it again.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function CreateSummaryForm({ project, canManage }: { project: string; canManage: boolean }) {
  const create = useCreateSummary(project);
  const idempotency = useIdempotencyKey();
  const [mode, setMode] = useState<'month' | 'dates'>('month');
  const [month, setMonth] = useState(lastMonth);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [error, setError] = useState<{ field: 'month' | 'from' | 'to'; message: string } | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending || !canManage) return;
    setCreated(null);
    const period = mode === 'month' ? monthPeriod(month) : datesPeriod(from, to);
    if (!period) {
      return setError(
        mode === 'month'
          ? { field: 'month', message: 'Choose a month.' }
          : { field: from ? 'to' : 'from', message: 'Choose both dates.' },
      );
    }
    // The contract's words (CreateSummaryRequest): the period must end after it starts.
    if (Date.parse(period.periodEnd) <= Date.parse(period.periodStart))
      return setError({ field: 'to', message: 'The period must end after it starts.' });
    if (Date.parse(period.periodStart) > Date.now())
      return setError({ field: mode === 'month' ? 'month' : 'from', message: 'Choose a period that has started.' });
    setError(null);
    const key = idempotency.keyFor(`summary:${period.periodStart}:${period.periodEnd}`);
    try {
      const summary = await create.mutateAsync({ ...period, key });
      idempotency.settle();
      setCreated(formatPeriod(summary.periodStart, summary.periodEnd));
    } catch (failure) {
      idempotency.settle(failure);
    }
  }

  const fieldError = (field: 'month' | 'from' | 'to') => (error?.field === field ? error.message : undefined);
  return (
    <SettingsSection title="Create a statement" description="For a calendar month, or any run of whole days.">
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Create a statement">
        {!canManage && (
          <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
            {deniedReason(['billing.manage'])}
          </p>
        )}
        <fieldset disabled={!canManage} className="grid gap-4">
          <div role="radiogroup" aria-label="Period" className="flex flex-wrap gap-4 text-sm">
            {(['month', 'dates'] as const).map((m) => (
              <label key={m} className="flex items-center gap-2">
                <input type="radio" name="summary-mode" checked={mode === m} onChange={() => setMode(m)} />
                {m === 'month' ? 'A month' : 'From – to dates'}
              </label>
            ))}
          </div>
          {mode === 'month' ? (
            <TextField
              label="Month"
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              error={fieldError('month')}
              className="sm:max-w-xs"
            />
          ) : (
            <div className="grid gap-3 xs:grid-cols-2 sm:max-w-lg">
              <TextField
                label="From"
                type="date"
                value={from}
                onChange={(e) => setFrom(e.target.value)}
                error={fieldError('from')}
              />
              <TextField
                label="To (included)"
                type="date"
                value={to}
                onChange={(e) => setTo(e.target.value)}
                error={fieldError('to')}
              />
            </div>
          )}
          <div>
            <SubmitButton pending={create.isPending} pendingLabel="Creating…">
              Create statement
            </SubmitButton>
          </div>
        </fieldset>
        {create.isError && <BillingError error={create.error} project={project} />}
        {created && <Alert tone="success">Statement for {created} created.</Alert>}
      </form>
    </SettingsSection>
  );
}
