import type { BillingProject, Overview, Plan, Wallet } from '@wharf/contract';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import {
  useBillingProject,
  useOverview,
  usePlans,
  useTopUp,
  useUpdateBillingProject,
  useUpdateWallet,
  useWallets,
} from '../../features/billing/api';
import { billingAttention } from '../../features/billing/attention';
import { formatPeriod } from '../../features/billing/dates';
import { useIdempotencyKey } from '../../features/billing/idempotency';
import { formatMoney, minorToInput, parseMoneyInput } from '../../features/billing/money';
import { BillingError } from '../../features/billing/ui/BillingError';
import { BillingFlags } from '../../features/billing/ui/BillingFlags';
import { QueryState } from '../../features/billing/ui/QueryState';
import { SpendChart } from '../../features/billing/ui/SpendChart';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/ListStates';
import { SubmitButton } from '../../ui/SubmitButton';
import { Tag } from '../../ui/Tag';
import { TextField } from '../../ui/TextField';
import { cx } from '../../ui/cx';

/**
 * `/billing` (route `billing.index`): the account at a glance — alerts, balance and this period's
 * spend, the last 12 months, the plan (and changing it) and the wallet (top up, auto top-up).
 */
export function BillingPage() {
  return (
    <ProjectPage
      title="Billing"
      description="The project's balance, spend, plan and wallet."
      permissions={['billing.read', 'billing.manage']}
    >
      {(project, access) => <Billing key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

function Billing({ project, access }: { project: Project; access: Access }) {
  const billing = useBillingProject(project.id);
  const canManage = access.can('billing.manage');
  return (
    <div className="grid gap-6">
      <QueryState query={billing} what="the billing account" project={project.id}>
        {(account) => (
          <>
            <BillingFlags flags={billingAttention(account, [])} project={project.id} />
            <OverviewSection project={project.id} />
            <div className="grid gap-6 lg:grid-cols-2">
              <PlanSection project={project.id} account={account} canManage={canManage} />
              <WalletSection project={project.id} account={account} canManage={canManage} />
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}

function ManageReason({ canManage }: { canManage: boolean }) {
  if (canManage) return null;
  return (
    <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">{deniedReason(['billing.manage'])}</p>
  );
}

/* ---- Overview ---- */

function OverviewSection({ project }: { project: string }) {
  const overview = useOverview(project);
  return (
    <QueryState query={overview} what="the overview" project={project}>
      {(data) => <OverviewCards overview={data} />}
    </QueryState>
  );
}

function OverviewCards({ overview }: { overview: Overview }) {
  const money = (minor: number) => formatMoney(minor, overview.currency);
  return (
    <>
      <section aria-label="Overview" className="grid gap-3 xs:grid-cols-2 lg:grid-cols-4">
        <Stat label="Balance" value={money(overview.balance)} tone={overview.balance < 0 ? 'danger' : undefined} />
        <Stat label="Available" value={money(overview.available)} hint="Balance less held charges, plus credit" />
        <Stat
          label="Spend this period"
          value={money(overview.spendThisPeriod)}
          hint={formatPeriod(overview.periodStart, overview.periodEnd)}
        />
        <Stat
          label="Upcoming invoice"
          value={money(overview.upcomingInvoiceEstimate)}
          hint="Estimate if the period ended now"
        />
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <SettingsSection title="Spend by month" description="Confirmed charges net of credits, the last 12 months.">
          {overview.months.length === 0 ? (
            <EmptyState title="No spend yet." />
          ) : (
            <SpendChart months={overview.months} currency={overview.currency} />
          )}
        </SettingsSection>
        <SettingsSection title="Spend by integration" description="This period, by the module that charged it.">
          <IntegrationSpend rows={overview.spendByIntegration} currency={overview.currency} />
        </SettingsSection>
      </div>
    </>
  );
}

function Stat({ label, value, hint, tone }: { label: string; value: string; hint?: string; tone?: 'danger' }) {
  return (
    <div className="rounded-xl border border-border bg-surface p-4 shadow-xs">
      <p className="text-xs font-medium text-muted">{label}</p>
      <p className={cx('mt-1 text-xl font-semibold tabular-nums', tone === 'danger' && 'text-danger')}>{value}</p>
      {hint && <p className="mt-1 text-xs text-muted">{hint}</p>}
    </div>
  );
}

function IntegrationSpend({ rows, currency }: { rows: Overview['spendByIntegration']; currency: string }) {
  if (rows.length === 0) return <EmptyState title="No spend this period." />;
  const max = Math.max(1, ...rows.map((r) => Math.abs(r.amount)));
  const sorted = [...rows].sort((a, b) => b.amount - a.amount);
  return (
    <ul aria-label="Spend by integration" className="grid gap-3 text-sm">
      {sorted.map((row) => (
        <li key={row.integration} className="grid gap-1">
          <div className="flex items-baseline justify-between gap-3">
            <code className="truncate font-mono text-xs">{row.integration}</code>
            <span className="tabular-nums">{formatMoney(row.amount, currency)}</span>
          </div>
          {/* Decorative: the amount beside it says the same. */}
          <div aria-hidden className="h-1.5 rounded-full bg-surface-raised">
            <div
              className="h-full rounded-full bg-primary"
              style={{ width: `${Math.round((Math.abs(row.amount) / max) * 100)}%` }}
            />
          </div>
        </li>
      ))}
    </ul>
  );
}

/* ---- Plan ---- */

/** The plan's monthly price in the account's currency, when it is sold in it. */
function priceOf(plan: Plan, currency: string): number | undefined {
  return plan.prices.find((p) => p.currency === currency)?.monthlyAmount;
}

function PlanSection({
  project,
  account,
  canManage,
}: {
  project: string;
  account: BillingProject;
  canManage: boolean;
}) {
  const plans = usePlans(project);
  const update = useUpdateBillingProject(project);
  const [chosen, setChosen] = useState<Plan | null>(null);
  const [changed, setChanged] = useState<string | null>(null);
  const current = account.plan;

  function confirm() {
    if (!chosen) return;
    update.mutate(
      { plan: chosen.code },
      {
        onSuccess: () => {
          setChanged(chosen.name);
          setChosen(null);
        },
      },
    );
  }

  return (
    <SettingsSection title="Plan" description="What this project is on, and billed for each month.">
      <div className="grid gap-4">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted">Current plan</span>
          <span className="font-semibold">{current.name}</span>
          <Tag>
            <code className="font-mono">{current.code}</code>
          </Tag>
        </p>
        {current.code === 'demo' && <Alert tone="info">Project is in demo mode.</Alert>}
        {changed && <Alert tone="success">Plan changed to {changed}.</Alert>}
        <ManageReason canManage={canManage} />
        <QueryState query={plans} what="the plans" project={project}>
          {(list) => (
            <ul aria-label="Plans" className="grid gap-2">
              {list.map((plan) => {
                const price = priceOf(plan, account.currency);
                const isCurrent = plan.code === current.code;
                return (
                  <li
                    key={plan.code}
                    className={cx(
                      'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3 text-sm',
                      isCurrent ? 'border-primary bg-primary-soft/40' : 'border-border',
                    )}
                  >
                    <div className="min-w-0 flex-1">
                      <p className="font-semibold">{plan.name}</p>
                      <p className="text-xs text-muted">
                        {price === undefined
                          ? `Not sold in ${account.currency}`
                          : `${formatMoney(price, account.currency)} a month`}
                        {plan.features.length > 0 && ` · ${plan.features.join(', ')}`}
                      </p>
                    </div>
                    {isCurrent ? (
                      <Tag tone="primary">Current</Tag>
                    ) : (
                      <Button
                        size="small"
                        variant="secondary"
                        disabled={!canManage || price === undefined}
                        onClick={() => {
                          update.reset();
                          setChanged(null);
                          setChosen(plan);
                        }}
                        aria-label={`Switch to ${plan.name}`}
                      >
                        Switch
                      </Button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </QueryState>
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={chosen ? `Switch to ${chosen.name}?` : 'Switch plan?'}
        confirmLabel="Switch plan"
        pendingLabel="Switching…"
        pending={update.isPending}
        onCancel={() => setChosen(null)}
        onConfirm={confirm}
      >
        {chosen && (
          <div className="grid gap-3">
            <p>
              {chosen.name} costs{' '}
              <strong className="text-text">
                {formatMoney(priceOf(chosen, account.currency) ?? 0, account.currency)} a month
              </strong>
              .
            </p>
            <p>
              The change is prorated: the unused part of this month on {current.name} is credited, and the rest of the
              month on {chosen.name} is charged now.
            </p>
            {update.isError && <BillingError error={update.error} project={project} />}
          </div>
        )}
      </ConfirmDialog>
    </SettingsSection>
  );
}

/* ---- Wallet ---- */

function WalletSection({
  project,
  account,
  canManage,
}: {
  project: string;
  account: BillingProject;
  canManage: boolean;
}) {
  const wallets = useWallets(project);
  return (
    <SettingsSection title="Wallet" description="A prepaid balance that charges are taken from first.">
      <QueryState query={wallets} what="the wallet" project={project}>
        {(list) => {
          // The account's currency is the wallet that pays invoices; it is made on first use.
          const wallet = list.find((w) => w.currency === account.currency);
          return (
            <div className="grid gap-5">
              {wallet ? (
                <WalletFigures wallet={wallet} />
              ) : (
                <p className="text-sm text-muted">No wallet yet: the first top-up opens it.</p>
              )}
              <ManageReason canManage={canManage} />
              <TopUpForm project={project} currency={account.currency} canManage={canManage} />
              {wallet && <AutoTopUpForm project={project} wallet={wallet} canManage={canManage} />}
            </div>
          );
        }}
      </QueryState>
    </SettingsSection>
  );
}

function WalletFigures({ wallet }: { wallet: Wallet }) {
  const money = (minor: number) => formatMoney(minor, wallet.currency);
  const rows: [string, ReactNode][] = [
    ['Balance', money(wallet.balance)],
    ['Held by pending charges', money(wallet.held)],
    ['Credit limit', money(wallet.creditLimit)],
    ['Available', money(wallet.available)],
  ];
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-6 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="text-right tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function TopUpForm({ project, currency, canManage }: { project: string; currency: string; canManage: boolean }) {
  const topUp = useTopUp(project);
  const idempotency = useIdempotencyKey();
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (topUp.isPending || !canManage) return;
    setDone(null);
    const minor = parseMoneyInput(amount, currency);
    if (minor === null || minor <= 0)
      return setFieldError(`Enter an amount above zero, such as ${minorToInput(2500, currency)}.`);
    setFieldError(undefined);
    // The same amount sent again after a failed attempt is the same submission: same key.
    const key = idempotency.keyFor(`top-up:${minor}:${currency}`);
    try {
      await topUp.mutateAsync({ amount: minor, currency, key });
      idempotency.settle();
      setDone(formatMoney(minor, currency));
      setAmount('');
    } catch (error) {
      idempotency.settle(error);
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-3" aria-label="Top up">
      <fieldset disabled={!canManage} className="flex flex-wrap items-end gap-3">
        <TextField
          label={`Top-up amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setFieldError(undefined);
          }}
          error={fieldError}
          hint="Charged to the default payment method."
          className="min-w-0 flex-1 basis-48"
        />
        <SubmitButton pending={topUp.isPending} pendingLabel="Topping up…" className="mb-6">
          Top up
        </SubmitButton>
      </fieldset>
      {topUp.isError && <BillingError error={topUp.error} project={project} />}
      {done && <Alert tone="success">Topped up {done}.</Alert>}
    </form>
  );
}

function AutoTopUpForm({ project, wallet, canManage }: { project: string; wallet: Wallet; canManage: boolean }) {
  const update = useUpdateWallet(project);
  const current = wallet.autoTopUp;
  const [on, setOn] = useState(current !== null);
  const [threshold, setThreshold] = useState(current ? minorToInput(current.threshold, wallet.currency) : '');
  const [amount, setAmount] = useState(current ? minorToInput(current.amount, wallet.currency) : '');
  const [errors, setErrors] = useState<{ threshold?: string; amount?: string }>({});
  const [saved, setSaved] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending || !canManage) return;
    setSaved(false);
    let autoTopUp: { threshold: number; amount: number } | null = null;
    if (on) {
      const t = parseMoneyInput(threshold, wallet.currency);
      const a = parseMoneyInput(amount, wallet.currency);
      const next: typeof errors = {};
      if (t === null) next.threshold = 'Enter the balance to top up below.';
      if (a === null || a <= 0) next.amount = 'Use an amount above zero.';
      setErrors(next);
      if (t === null || a === null || a <= 0) return;
      autoTopUp = { threshold: t, amount: a };
    }
    try {
      await update.mutateAsync({ id: wallet.id, updateWalletRequest: { autoTopUp } });
      setSaved(true);
    } catch {
      // Shown below from the mutation's error.
    }
  }

  return (
    <form
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label="Auto top-up"
      className="grid gap-3 border-t border-border pt-4"
    >
      <fieldset disabled={!canManage} className="grid gap-3">
        <Checkbox
          label="Top up automatically when the balance runs low"
          checked={on}
          onChange={(e) => {
            setOn(e.target.checked);
            setSaved(false);
          }}
        />
        {on && (
          <div className="grid gap-3 xs:grid-cols-2">
            <TextField
              label={`When the balance falls below (${wallet.currency})`}
              inputMode="decimal"
              autoComplete="off"
              value={threshold}
              onChange={(e) => setThreshold(e.target.value)}
              error={errors.threshold}
            />
            <TextField
              label={`Top up by (${wallet.currency})`}
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={errors.amount}
            />
          </div>
        )}
        <div>
          <SubmitButton pending={update.isPending} pendingLabel="Saving…" variant="secondary">
            Save auto top-up
          </SubmitButton>
        </div>
      </fieldset>
      {update.isError && <BillingError error={update.error} project={project} />}
      {saved && <Alert tone="success">{on ? 'Auto top-up saved.' : 'Auto top-up turned off.'}</Alert>}
    </form>
  );
}
