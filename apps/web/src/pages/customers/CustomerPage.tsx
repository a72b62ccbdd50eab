import { Link, useParams } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { Table } from '../../features/billing/ui/Table';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useCustomerQuery, type CustomerDetail } from '../../features/storefront/api/customers';
import { day, formatMoney, orderNumber, when } from '../../features/storefront/format';
import { AddressBlock } from '../../features/storefront/ui/AddressBlock';
import { linkClass } from '../../features/storefront/ui/link-class';
import { OrderStatusBadge, PaymentFailedBadge } from '../../features/storefront/ui/OrderStatusBadge';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/** `/platform/customers/$customerId` (route `platform.customers.view`): one customer, their figures and orders. */
export function CustomerPage() {
  const { customerId = '' } = useParams({ strict: false }) as { customerId?: string };
  return (
    <ProjectPage title="Customer" permissions={['customers.read']}>
      {(project) => <CustomerLoader key={`${project.id}:${customerId}`} project={project} customerId={customerId} />}
    </ProjectPage>
  );
}

function CustomerLoader({ project, customerId }: { project: Project; customerId: string }) {
  const customer = useCustomerQuery(project.id, customerId);
  if (customer.isPending) return <Loading label="Loading the customer…" />;
  if (customer.isError)
    return (
      <LoadError
        title="The customer could not be loaded"
        message={errorMessage(customer.error)}
        onRetry={() => void customer.refetch()}
        retrying={customer.isFetching}
      />
    );
  return <CustomerView project={project} customer={customer.data} />;
}

function CustomerView({ project, customer }: { project: Project; customer: CustomerDetail }) {
  const figures = [
    ['Orders', String(customer.totalOrderCount)],
    ['Lifetime value', formatMoney(customer.lifetimeValue, customer.currency)],
    ['First purchase', day(customer.firstPurchasedAt)],
    ['Last purchase', day(customer.lastPurchasedAt)],
  ] as const;
  return (
    <div className="grid gap-5">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold break-words">{customer.name}</h2>
        <Link
          to={pathOf('platform.customers')}
          search={{ project: project.id }}
          className={`ml-auto text-sm ${linkClass}`}
        >
          All customers
        </Link>
      </div>
      <p className="-mt-4 text-sm break-all text-muted">
        <a href={`mailto:${customer.email}`} className={linkClass}>
          {customer.email}
        </a>
        {customer.phone ? ` · ${customer.phone}` : ''}
      </p>
      <dl aria-label="Figures" className="grid grid-cols-1 gap-3 text-sm xs:grid-cols-2 md:grid-cols-4">
        {figures.map(([term, value]) => (
          <div key={term} className="rounded-lg bg-surface-raised px-3 py-2">
            <dt className="text-xs text-muted">{term}</dt>
            <dd className="text-base font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="customer-address" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
        <h2 id="customer-address" className="mb-3 text-base font-semibold">
          Last shipping address
        </h2>
        <AddressBlock address={customer.lastShippingAddress} />
      </section>
      <section aria-labelledby="customer-orders" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
        <h2 id="customer-orders" className="mb-3 text-base font-semibold">
          Orders
        </h2>
        {customer.orders.length === 0 ? (
          <EmptyState title="No orders yet." />
        ) : (
          <Table
            stackOnPhone
            caption={`Orders of ${customer.name}, newest first`}
            rows={customer.orders}
            keyOf={(order) => order.id}
            columns={[
              {
                header: 'Order',
                className: 'whitespace-nowrap',
                cell: (order) => (
                  <Link
                    to={pathOf('platform.orders.view', { orderId: order.id })}
                    search={{ project: project.id }}
                    className={linkClass}
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
              { header: 'Placed', className: 'whitespace-nowrap', cell: (order) => when(order.placedAt) },
              { header: 'Items', numeric: true, cell: (order) => order.itemCount },
              { header: 'Total', numeric: true, cell: (order) => formatMoney(order.total, order.currency) },
            ]}
          />
        )}
      </section>
    </div>
  );
}
