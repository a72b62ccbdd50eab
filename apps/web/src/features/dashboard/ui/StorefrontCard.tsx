import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../../app/navigation';
import { EmptyState } from '../../../ui/ListStates';
import { linkClasses } from '../../accounts/ui/AuthCard';
import type { Project } from '../../projects/api/projects';
import { SUMMARY_DAYS, useStorefrontSummary } from '../../storefront/api/summary';
import { formatMoney } from '../../storefront/format';
import { StorefrontChart } from './StorefrontChart';

const ORDERS_ROUTE = 'platform.orders';

/** The dashboard shows the shop's card to those who may read orders, once the Orders module is in. */
export function showsStorefront(project: Project, canReadOrders: boolean): boolean {
  return canReadOrders && project.integrations.some((module) => module.code === 'orders');
}

/**
 * The shop at a glance: the last 30 days' orders and revenue against the 30 before, and a chart of
 * them by day. Revenue counts the paid orders (not refunded ones); days are the project's.
 */
export function StorefrontGlance({ project, load }: { project: string; load: boolean }) {
  const summary = useStorefrontSummary(project, load);
  if (summary.isPending) return <StorefrontSkeleton />;
  if (summary.isError)
    return (
      <div className="grid justify-items-start gap-2 text-sm">
        <p className="text-danger">The storefront&rsquo;s figures could not be loaded.</p>
        <button type="button" className={linkClasses} onClick={() => void summary.refetch()}>
          Try again
        </button>
      </div>
    );
  const { totals, previous, days, currency } = summary.data;
  if (totals.orders === 0 || !currency)
    return (
      <EmptyState title={`No orders in the last ${SUMMARY_DAYS} days`}>
        <OrdersLink project={project}>Go to Orders</OrdersLink>
      </EmptyState>
    );
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label="Orders" value={totals.orders.toLocaleString()} change={change(totals.orders, previous.orders)} />
        <Figure
          label="Revenue"
          value={formatMoney(totals.revenue, currency)}
          change={change(totals.revenue, previous.revenue)}
        />
        <Figure
          label="Average order"
          value={formatMoney(totals.averageOrderValue, currency)}
          change={change(totals.averageOrderValue, previous.averageOrderValue)}
        />
      </dl>
      <StorefrontChart days={days} currency={currency} title={`Orders and revenue, last ${SUMMARY_DAYS} days`} />
    </div>
  );
}

function Figure({ label, value, change: delta }: { label: string; value: string; change: Change }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="truncate text-lg font-semibold tabular-nums">{value}</dd>
      <dd className={`text-xs ${delta.tone}`} data-change={delta.direction}>
        {delta.text}
      </dd>
    </div>
  );
}

interface Change {
  text: string;
  direction: 'up' | 'down' | 'same' | 'new';
  tone: string;
}

/** `+12% vs previous 30 days`: the period against the one before, rounded to a whole percent. */
export function change(now: number, before: number): Change {
  const versus = `vs previous ${SUMMARY_DAYS} days`;
  if (before === 0)
    return now === 0
      ? { text: `No change ${versus}`, direction: 'same', tone: 'text-muted' }
      : { text: `None in the previous ${SUMMARY_DAYS} days`, direction: 'new', tone: 'text-muted' };
  const percent = Math.round(((now - before) / before) * 100);
  if (percent === 0) return { text: `No change ${versus}`, direction: 'same', tone: 'text-muted' };
  return percent > 0
    ? { text: `+${percent}% ${versus}`, direction: 'up', tone: 'text-success' }
    : { text: `\u2212${Math.abs(percent)}% ${versus}`, direction: 'down', tone: 'text-danger' };
}

/** The Orders page's link, where its route is in (the Orders module's pages). */
export function OrdersLink({ project, children }: { project: string; children: string }) {
  if (!routeExists(ORDERS_ROUTE)) return null;
  return (
    <Link to={pathOf(ORDERS_ROUTE)} search={{ project }} className={linkClasses}>
      {children}
    </Link>
  );
}

/** Grey figures and bars where the card's numbers will be. */
function StorefrontSkeleton() {
  return (
    <div role="status" aria-label="Loading the storefront…" className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <div key={i} className="grid gap-1">
            <div className="h-3 w-16 animate-pulse rounded bg-surface-raised" />
            <div className="h-6 w-24 animate-pulse rounded bg-surface-raised" />
          </div>
        ))}
      </div>
      <div className="h-44 animate-pulse rounded bg-surface-raised" />
    </div>
  );
}
