import { Link, useParams } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { useIdempotencyKey } from '../../features/billing/idempotency';
import { Table } from '../../features/billing/ui/Table';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useAvailableFulfillers } from '../../features/storefront/api/fulfillments';
import { useOrderQuery, useRefundOrder, useRetryPayment, type Order } from '../../features/storefront/api/orders';
import { formatMoney, orderNumber, sourceName, when } from '../../features/storefront/format';
import { AddressBlock } from '../../features/storefront/ui/AddressBlock';
import { FulfillmentEditor } from '../../features/storefront/ui/FulfillmentEditor';
import { OrderStatusBadge, PaymentFailedBadge } from '../../features/storefront/ui/OrderStatusBadge';
import { DetailSection } from '../../features/storefront/ui/DetailSection';
import { FactGrid } from '../../features/storefront/ui/FactGrid';
import { RecordHeader } from '../../features/storefront/ui/RecordHeader';
import { linkClass } from '../../features/storefront/ui/link-class';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { TextAreaField } from '../../ui/TextAreaField';

/**
 * Why an order's fulfilments cannot change now, in the server's words, or undefined when they can:
 * an unpaid order is fulfilled once paid, and a refunded one has nothing left to send.
 */
function nothingToFulfil(order: Order): string | undefined {
  const number = orderNumber(order.number);
  if (order.status === 'new') return `Order ${number} is not paid yet: fulfil it once its payment succeeds.`;
  if (order.status === 'refunded') return `Order ${number} was refunded: there is nothing left to fulfil.`;
  return undefined;
}

/** `/platform/orders/$orderId` (route `platform.orders.view`): one order, its payments, fulfilments and timeline. */
export function OrderPage() {
  const { orderId = '' } = useParams({ strict: false }) as { orderId?: string };
  return (
    <ProjectPage title="Order" permissions={['orders.read', 'orders.manage']}>
      {(project, access) => (
        <OrderDetail key={`${project.id}:${orderId}`} project={project} access={access} orderId={orderId} />
      )}
    </ProjectPage>
  );
}

function OrderDetail({ project, access, orderId }: { project: Project; access: Access; orderId: string }) {
  const order = useOrderQuery(project.id, orderId);
  if (order.isPending) return <Loading label="Loading the order…" />;
  if (order.isError)
    return (
      <LoadError
        title="The order could not be loaded"
        message={errorMessage(order.error)}
        onRetry={() => void order.refetch()}
        retrying={order.isFetching}
      />
    );
  return <OrderView project={project} access={access} order={order.data} />;
}

function OrderView({ project, access, order }: { project: Project; access: Access; order: Order }) {
  const canManage = access.can('orders.manage');
  const deniedId = useId();
  const fulfillers = useAvailableFulfillers(project.id);
  const { totals } = order;

  return (
    <div className="grid gap-5">
      <RecordHeader back={{ to: pathOf('platform.orders'), project: project.id, label: 'All orders' }}>
        {/* The page's heading says "Order"; its number stands beside the status, not as a second heading. */}
        <p className="text-xl font-semibold tabular-nums">{orderNumber(order.number)}</p>
        <OrderStatusBadge status={order.status} />
        {order.paymentFailed && <PaymentFailedBadge />}
      </RecordHeader>
      <FactGrid
        facts={[
          ['Placed', when(order.placedAt)],
          ['Paid', when(order.paidAt)],
          ['Fulfilled', when(order.fulfilledAt)],
          ['Source', sourceName(order.source)],
        ]}
      />
      {!canManage && (
        <ReadOnlyNotice id={deniedId} denied={['orders.manage']}>
          You can see this order but not retry its payment or change its fulfilment.
        </ReadOnlyNotice>
      )}

      <div className="grid gap-5 lg:grid-cols-3">
        <DetailSection title="Customer">
          <p className="text-sm">
            <Link
              to={pathOf('platform.customers.view', { customerId: order.customer.id })}
              search={{ project: project.id }}
              className={linkClass}
            >
              {order.customer.name}
            </Link>
          </p>
          <p className="text-sm break-all text-muted">{order.customer.email}</p>
          {order.note && <p className="mt-3 text-sm whitespace-pre-line">Note: {order.note}</p>}
        </DetailSection>
        <DetailSection title="Shipping address">
          <AddressBlock address={order.shippingAddress} />
        </DetailSection>
        <DetailSection title="Billing address">
          <AddressBlock address={order.billingAddress} />
        </DetailSection>
      </div>

      <DetailSection title="Items">
        <Table
          stackOnPhone
          caption={`Items of order ${orderNumber(order.number)}`}
          rows={order.items}
          keyOf={(item) => item.id}
          columns={[
            {
              header: 'Item',
              cell: (item) => (
                <span className="block min-w-0">
                  <span className="block font-medium">{item.name}</span>
                  <span className="block text-xs text-muted">
                    {item.sku}
                    {item.variant ? ` · ${item.variant}` : ''}
                  </span>
                </span>
              ),
            },
            { header: 'Quantity', numeric: true, cell: (item) => item.quantity },
            { header: 'Unit price', numeric: true, cell: (item) => formatMoney(item.unitPrice, totals.currency) },
            { header: 'Total', numeric: true, cell: (item) => formatMoney(item.total, totals.currency) },
          ]}
        />
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm" aria-label="Totals">
          {(
            [
              ['Subtotal', totals.subtotal],
              ['Shipping', totals.shipping],
              ['Tax', totals.tax],
              ['Discount', -totals.discount],
            ] as const
          )
            // A line for a discount only when there was one: "-£0.00" reads like a mistake.
            .filter(([term, minor]) => term !== 'Discount' || minor !== 0)
            .map(([term, minor]) => (
              <div key={term} className="contents">
                <dt className="text-muted">{term}</dt>
                <dd className="text-right tabular-nums">{formatMoney(minor, totals.currency)}</dd>
              </div>
            ))}
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold tabular-nums">{formatMoney(totals.total, totals.currency)}</dd>
        </dl>
      </DetailSection>

      <Payments project={project} order={order} canManage={canManage} deniedId={deniedId} />

      <DetailSection title="Fulfilments">
        {fulfillers.isError && (
          <Alert tone="warning" className="mb-3">
            The fulfillers could not be loaded: {errorMessage(fulfillers.error)}
          </Alert>
        )}
        {nothingToFulfil(order) && (
          <Alert tone="info" title="Nothing to fulfil" className="mb-3">
            {nothingToFulfil(order)}
          </Alert>
        )}
        {order.fulfillments.length === 0 ? (
          <p className="text-sm text-muted">No fulfilments yet.</p>
        ) : (
          <div className="grid gap-3">
            {order.fulfillments.map((fulfillment, i) => (
              <FulfillmentEditor
                key={`${fulfillment.id}:${fulfillment.updatedAt}`}
                project={project.id}
                orderId={order.id}
                fulfillment={fulfillment}
                fulfillers={fulfillers.data ?? []}
                index={i + 1}
                canManage={canManage}
                deniedId={deniedId}
                editable={!nothingToFulfil(order)}
              />
            ))}
          </div>
        )}
      </DetailSection>

      <DetailSection title="Timeline">
        {order.timeline.length === 0 ? (
          <p className="text-sm text-muted">Nothing has happened yet.</p>
        ) : (
          <ol aria-label="Timeline" className="grid gap-3 border-l border-border pl-4">
            {order.timeline.map((event) => (
              <li key={event.id} className="text-sm">
                <p>{event.message}</p>
                <p className="text-xs text-muted">
                  <time dateTime={event.at}>{when(event.at)}</time> · {event.actor ?? 'Wharf'}
                </p>
              </li>
            ))}
          </ol>
        )}
      </DetailSection>
    </div>
  );
}

const outcomeWords = { pending: 'Pending', succeeded: 'Succeeded', failed: 'Failed' } as const;
const outcomeTones = { pending: 'text-warning', succeeded: 'text-success', failed: 'text-danger' } as const;

function Payments({
  project,
  order,
  canManage,
  deniedId,
}: {
  project: Project;
  order: Order;
  canManage: boolean;
  deniedId: string;
}) {
  const retry = useRetryPayment(project.id, order.id);
  const idempotency = useIdempotencyKey();
  const [result, setResult] = useState<string | null>(null);
  const last = order.payments.at(-1);
  const canRetry = last?.outcome === 'failed';

  return (
    <DetailSection title="Payments">
      {order.payments.length === 0 ? (
        <p className="text-sm text-muted">No payments yet.</p>
      ) : (
        <ol aria-label="Payments" className="grid gap-2">
          {order.payments.map((payment) => (
            <li key={payment.id} className="rounded-lg border border-border px-3 py-2 text-sm">
              <p className="flex flex-wrap items-baseline gap-x-3">
                <span className="font-medium">Attempt {payment.attempt}</span>
                <span className={outcomeTones[payment.outcome]}>{outcomeWords[payment.outcome]}</span>
                <span className="tabular-nums">{formatMoney(payment.amount, payment.currency)}</span>
                <span className="text-muted">{payment.method === 'card' ? 'Card' : 'Paid elsewhere'}</span>
                <span className="text-xs text-muted">{when(payment.createdAt)}</span>
              </p>
              {payment.failure && <p className="mt-1 text-danger">{payment.failure}</p>}
              {payment.reference && <p className="mt-1 font-mono text-xs break-all text-muted">{payment.reference}</p>}
            </li>
          ))}
        </ol>
      )}
      {canRetry && last && (
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <Button
            onClick={() => {
              setResult(null);
              const key = idempotency.keyFor(`retry:${order.id}:${last.id}`);
              retry.mutate(key, {
                onSuccess: (answer) => {
                  idempotency.settle();
                  const latest = answer.payments.at(-1);
                  setResult(
                    latest?.outcome === 'succeeded'
                      ? 'The payment went through.'
                      : `The payment failed again${latest?.failure ? `: ${latest.failure}` : '.'}`,
                  );
                },
                onError: (error) => idempotency.settle(error),
              });
            }}
            disabled={!canManage || retry.isPending}
            aria-describedby={canManage ? undefined : deniedId}
            aria-busy={retry.isPending || undefined}
          >
            {retry.isPending ? 'Retrying payment…' : 'Retry payment'}
          </Button>
        </div>
      )}
      <div aria-live="polite">{result && <p className="mt-3 text-sm font-medium">{result}</p>}</div>
      {retry.isError && (
        <Alert tone="danger" title="The payment was not retried" className="mt-3">
          {errorMessage(retry.error)}
        </Alert>
      )}
      <Refund project={project} order={order} canManage={canManage} deniedId={deniedId} />
    </DetailSection>
  );
}

const REFUNDABLE = new Set<Order['status']>(['paid', 'processing', 'complete']);

/** "Refund order": the whole order, after a confirmation that says where the money goes. */
function Refund({
  project,
  order,
  canManage,
  deniedId,
}: {
  project: Project;
  order: Order;
  canManage: boolean;
  deniedId: string;
}) {
  const refund = useRefundOrder(project.id, order.id);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  if (!REFUNDABLE.has(order.status)) return null;
  const amount = formatMoney(order.totals.total, order.totals.currency);
  const paidByCard = order.payments.some((p) => p.outcome === 'succeeded' && p.method === 'card');

  return (
    <div className="mt-4 border-t border-border pt-4">
      <Button
        variant="secondary"
        onClick={() => {
          refund.reset();
          setReason('');
          setOpen(true);
        }}
        disabled={!canManage}
        aria-describedby={canManage ? undefined : deniedId}
      >
        Refund order
      </Button>
      <ConfirmDialog
        open={open}
        title={`Refund order ${orderNumber(order.number)}?`}
        confirmLabel={`Refund ${amount}`}
        pendingLabel="Refunding…"
        danger
        pending={refund.isPending}
        error={refund.isError ? errorMessage(refund.error) : undefined}
        onCancel={() => setOpen(false)}
        onConfirm={() => refund.mutate(reason, { onSuccess: () => setOpen(false) })}
      >
        <p>
          {paidByCard
            ? `${amount} goes back to ${order.customer.name}'s card through your payment account.`
            : `This order was paid through ${sourceName(order.source)}: Wharf marks it refunded, and you give the ${amount} back there.`}{' '}
          Open fulfilments are cancelled. This cannot be undone.
        </p>
        <TextAreaField
          label="Reason (optional)"
          hint="Shown on the order's timeline."
          value={reason}
          maxLength={500}
          rows={2}
          className="mt-3"
          onChange={(event) => setReason(event.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}
