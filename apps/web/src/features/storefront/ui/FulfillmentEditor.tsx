import { FULFILLMENT_STATUSES, type FulfillerRef, type UpdateFulfillmentRequest } from '@wharf/contract';
import { useId, useState } from 'react';
import { errorMessage, formErrorsFrom } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { useUpdateFulfillment, type AvailableFulfiller, type Fulfillment } from '../api/fulfillments';
import { fulfillmentStatusWords, when } from '../format';

const FIELDS = ['status', 'fulfiller', 'carrier', 'trackingNumber', 'trackingUrl'] as const;

/** A fulfiller as a select's value: `project`, or `module:shipstation`. */
function fulfillerValue(fulfiller: Pick<AvailableFulfiller, 'kind' | 'code'>): string {
  return fulfiller.kind === 'module' ? `module:${fulfiller.code ?? ''}` : 'project';
}

function fulfillerRef(value: string): FulfillerRef {
  return value.startsWith('module:') ? { kind: 'module', code: value.slice('module:'.length) } : { kind: 'project' };
}

interface Draft {
  status: string;
  fulfiller: string;
  carrier: string;
  trackingNumber: string;
  trackingUrl: string;
}

function draftOf(fulfillment: Fulfillment): Draft {
  return {
    status: fulfillment.status,
    fulfiller: fulfillerValue(fulfillment.fulfiller),
    carrier: fulfillment.carrier ?? '',
    trackingNumber: fulfillment.trackingNumber ?? '',
    trackingUrl: fulfillment.trackingUrl ?? '',
  };
}

/** Only what changed: a cleared text is sent as null, an untouched one not at all. */
function changesOf(before: Draft, after: Draft): UpdateFulfillmentRequest {
  const changes: UpdateFulfillmentRequest = {};
  if (after.status !== before.status) changes.status = after.status as UpdateFulfillmentRequest['status'];
  if (after.fulfiller !== before.fulfiller) changes.fulfiller = fulfillerRef(after.fulfiller);
  for (const key of ['carrier', 'trackingNumber', 'trackingUrl'] as const) {
    const text = after[key].trim();
    if (text !== before[key].trim()) changes[key] = text === '' ? null : text;
  }
  return changes;
}

/**
 * One fulfilment of an order: what it holds and, for a role with orders.manage, a form to change its
 * status, fulfiller, carrier and tracking. Only the changed fields are sent; the server's refusal
 * (a move it does not allow, a bad tracking address) shows by the form.
 */
export function FulfillmentEditor({
  project,
  orderId,
  fulfillment,
  fulfillers,
  index,
  canManage,
  deniedId,
  editable = true,
}: {
  project: string;
  orderId: string;
  fulfillment: Fulfillment;
  fulfillers: readonly AvailableFulfiller[];
  /** 1-based, for its heading ("Fulfilment 1"). */
  index: number;
  canManage: boolean;
  /** The id of the notice saying why the form is read-only. */
  deniedId?: string | undefined;
  /** False while the order has nothing to fulfil (unpaid or refunded): its fulfilments are only shown. */
  editable?: boolean;
}) {
  const before = draftOf(fulfillment);
  const [draft, setDraft] = useState<Draft>(before);
  const [saved, setSaved] = useState(false);
  const update = useUpdateFulfillment(project, orderId);
  const headingId = useId();
  const changes = changesOf(before, draft);
  const changed = Object.keys(changes).length > 0;
  const errors = update.isError
    ? formErrorsFrom(update.error, { fields: FIELDS })
    : { fields: {} as Record<string, string> };
  const message = update.isError
    ? Object.keys(errors.fields).length > 0
      ? errors.message
      : errorMessage(update.error)
    : undefined;
  // The fulfiller it has now stays choosable even when no longer offered.
  const options = fulfillers.some((f) => fulfillerValue(f) === before.fulfiller)
    ? fulfillers
    : [fulfillment.fulfiller, ...fulfillers];
  const set = (key: keyof Draft) => (event: { target: { value: string } }) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  };

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Fulfilment {index}
        </h3>
        <p className="text-xs text-muted">
          {fulfillmentStatusWords[fulfillment.status] ?? fulfillment.status} · by {fulfillment.fulfiller.name}
          {fulfillment.shippedAt ? ` · shipped ${when(fulfillment.shippedAt)}` : ''}
          {fulfillment.deliveredAt ? ` · delivered ${when(fulfillment.deliveredAt)}` : ''}
        </p>
      </div>
      <ul className="mt-2 text-sm text-muted" aria-label={`Items of fulfilment ${index}`}>
        {fulfillment.items.map((item) => (
          <li key={item.orderItemId}>
            {item.quantity} × {item.name} <span className="font-mono text-xs">({item.sku})</span>
          </li>
        ))}
      </ul>
      {fulfillment.trackingNumber && (
        <p className="mt-2 text-sm">
          Tracking{fulfillment.carrier ? ` (${fulfillment.carrier})` : ''}:{' '}
          {fulfillment.trackingUrl ? (
            <a
              href={fulfillment.trackingUrl}
              target="_blank"
              rel="noreferrer noopener"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              {fulfillment.trackingNumber}
            </a>
          ) : (
            <span className="font-mono">{fulfillment.trackingNumber}</span>
          )}
        </p>
      )}
      {editable && (
        <form
          aria-label={`Edit fulfilment ${index}`}
          noValidate
          className="mt-4 grid gap-3 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!changed || !canManage) return;
            setSaved(false);
            update.mutate(
              { fulfillmentId: fulfillment.id, changes },
              {
                onSuccess: (answer) => {
                  setDraft(draftOf(answer));
                  setSaved(true);
                },
              },
            );
          }}
        >
          <fieldset disabled={!canManage} aria-describedby={canManage ? undefined : deniedId} className="contents">
            <SelectField label="Status" value={draft.status} onChange={set('status')} error={errors.fields.status}>
              {FULFILLMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {fulfillmentStatusWords[status]}
                </option>
              ))}
            </SelectField>
            <SelectField
              label="Fulfiller"
              value={draft.fulfiller}
              onChange={set('fulfiller')}
              error={errors.fields.fulfiller}
            >
              {options.map((fulfiller) => (
                <option key={fulfillerValue(fulfiller)} value={fulfillerValue(fulfiller)}>
                  {fulfiller.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Carrier"
              autoComplete="off"
              value={draft.carrier}
              onChange={set('carrier')}
              error={errors.fields.carrier}
            />
            <TextField
              label="Tracking number"
              autoComplete="off"
              spellCheck={false}
              value={draft.trackingNumber}
              onChange={set('trackingNumber')}
              error={errors.fields.trackingNumber}
            />
            <TextField
              label="Tracking URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder="https://"
              className="sm:col-span-2"
              value={draft.trackingUrl}
              onChange={set('trackingUrl')}
              error={errors.fields.trackingUrl}
            />
            <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
              <Button type="submit" disabled={!changed || update.isPending} aria-busy={update.isPending || undefined}>
                {update.isPending ? 'Saving…' : 'Save'}
              </Button>
              <span aria-live="polite" className="text-sm text-success">
                {saved && !changed ? 'Fulfilment saved.' : ''}
              </span>
            </div>
          </fieldset>
          {message && (
            <Alert tone="danger" title="The fulfilment was not saved" className="sm:col-span-2">
              {message}
            </Alert>
          )}
        </form>
      )}
    </section>
  );
}
