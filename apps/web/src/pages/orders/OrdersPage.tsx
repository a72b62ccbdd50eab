import { DATE_FILTER_TYPES, type DateFilterType } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import { Table } from '../../features/billing/ui/Table';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { useListSearch } from '../../features/lists/use-list-search';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useOrdersQuery, type OrderSummary } from '../../features/storefront/api/orders';
import { dateRangeError, dayEnd, daysAgo, dayStart } from '../../features/storefront/filters';
import { DateRangeFields } from '../../features/storefront/ui/DateRangeFields';
import { formatMoney, orderNumber, when } from '../../features/storefront/format';
import { OrderStatusBadge, PaymentFailedBadge } from '../../features/storefront/ui/OrderStatusBadge';
import { ExportPanel } from '../../features/storefront/ui/ExportPanel';
import { NameAndEmail } from '../../features/storefront/ui/NameAndEmail';
import { EmptyState } from '../../ui/ListStates';
import { SelectField } from '../../ui/SelectField';
import { TextField } from '../../ui/TextField';

/** How many days back an export reaches when no start is chosen. */
export const DEFAULT_EXPORT_DAYS = 30;

const ORDER_WORDS = {
  noun: ['order', 'orders'] as [string, string],
  placeholder: 'Number, customer name or email',
  noMatchHint: 'Try another number, name or email, or widen the dates.',
  emptyHint: 'Orders from your storefront and sales channels appear here as they arrive.',
};

const dateFilterWords: Record<DateFilterType, string> = { placed: 'Placed', paid: 'Paid', fulfilled: 'Fulfilled' };

/** `/platform/orders` (route `platform.orders`): the storefront's orders, searchable by dates, exportable. */
export function OrdersPage() {
  return (
    <ProjectPage
      title="Orders"
      description="Every order from your storefront and sales channels, newest first."
      permissions={['orders.read']}
    >
      {(project) => <Orders key={project.id} project={project} />}
    </ProjectPage>
  );
}

function Orders({ project }: { project: Project }) {
  const search = useListSearch();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [dateFilterType, setDateFilterType] = useState<DateFilterType>('placed');
  const filters = { search: search.query, start: dayStart(from), end: dayEnd(to), dateFilterType };
  const orders = useOrdersQuery(project.id, filters);
  const list = pagedItems(orders.data?.pages, (order) => order.id);
  const searching = isSearching(orders);
  const rangeError = dateRangeError(from, to);
  const filtered = Boolean(search.query || from || to);
  // A shop with none yet has nothing to export: the panel shows once there is something.
  const nothingYet = Boolean(orders.data) && list.length === 0 && !filtered;

  return (
    <section aria-label="Orders" className="grid gap-4">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <form
          role="search"
          aria-label="Orders"
          onSubmit={(event) => event.preventDefault()}
          className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end"
        >
          <TextField
            label="Search orders"
            type="search"
            placeholder={ORDER_WORDS.placeholder}
            autoComplete="off"
            spellCheck={false}
            className="sm:col-span-2 lg:w-72"
            value={search.text}
            onChange={(event) => search.setText(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
          <SelectField
            label="Dates apply to"
            value={dateFilterType}
            onChange={(event) => setDateFilterType(event.target.value as DateFilterType)}
          >
            {DATE_FILTER_TYPES.map((type) => (
              <option key={type} value={type}>
                {dateFilterWords[type]}
              </option>
            ))}
          </SelectField>
          <DateRangeFields from={from} to={to} onFromChange={setFrom} onToChange={setTo} error={rangeError} />
        </form>
        {!nothingYet && (
          <ExportPanel
            project={project.id}
            what="orders"
            request={() => ({
              kind: 'orders',
              start: dayStart(from) ?? (dayStart(daysAgo(DEFAULT_EXPORT_DAYS)) as string),
              end: dayEnd(to),
              search: search.query || undefined,
            })}
          />
        )}
      </div>
      {!from && (
        <p className="text-xs text-muted">
          An export starts {DEFAULT_EXPORT_DAYS} days ago unless you choose a start date.
        </p>
      )}

      {orders.data && list.length === 0 && filtered && !search.query ? (
        <EmptyState title="No orders match these dates.">{ORDER_WORDS.noMatchHint}</EmptyState>
      ) : (
        <PagedList query={orders} count={list.length} words={ORDER_WORDS} search={search.query}>
          <Table
            stackOnPhone
            caption="Orders, newest first"
            rows={list}
            keyOf={(order) => order.id}
            busy={searching}
            columns={[
              {
                header: 'Order',
                className: 'whitespace-nowrap',
                cell: (order: OrderSummary) => (
                  <Link
                    to={pathOf('platform.orders.view', { orderId: order.id })}
                    search={{ project: project.id }}
                    className="font-medium text-primary underline-offset-2 hover:underline"
                    aria-label={`Order ${orderNumber(order.number)}`}
                  >
                    {orderNumber(order.number)}
                  </Link>
                ),
              },
              {
                header: 'Status',
                cell: (order) => (
                  <span className="flex flex-wrap gap-1">
                    <OrderStatusBadge status={order.status} />
                    {order.paymentFailed && <PaymentFailedBadge />}
                  </span>
                ),
              },
              {
                header: 'Customer',
                className: 'max-w-[16rem]',
                cell: (order) => <NameAndEmail name={order.customer.name} email={order.customer.email} />,
              },
              {
                header: dateFilterWords[dateFilterType],
                className: 'whitespace-nowrap',
                cell: (order) =>
                  when(
                    dateFilterType === 'paid'
                      ? order.paidAt
                      : dateFilterType === 'fulfilled'
                        ? order.fulfilledAt
                        : order.placedAt,
                  ),
              },
              { header: 'Items', numeric: true, cell: (order) => order.itemCount },
              { header: 'Total', numeric: true, cell: (order) => formatMoney(order.total, order.currency) },
            ]}
          />
        </PagedList>
      )}
    </section>
  );
}
