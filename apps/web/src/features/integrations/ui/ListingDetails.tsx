import type { IntegrationListing } from '@wharf/contract';
import { useProducts } from '../api';
import { monthlyPrice } from '../price';
import { formatMoney } from '../../billing/money';
import { errorMessage } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { Loading } from '../../../ui/Loading';
import { Popup } from '../../../ui/Popup';
import { Tag } from '../../../ui/Tag';
import { ListingButtons, type ListingActions } from './ListingButtons';

/** One listing in full: its description, price, what it needs, and what it offers to buy. */
export function ListingDetails({
  listing,
  project,
  currency,
  nameOf,
  onClose,
  ...actions
}: ListingActions & {
  listing: IntegrationListing;
  project: string;
  currency: string | undefined;
  nameOf: (code: string) => string;
  onClose: () => void;
}) {
  const { integration } = listing;
  const products = useProducts(project, listing.code, true);
  const price = monthlyPrice(integration, currency);
  // The popup closes before a confirmation opens, so that the two never stack.
  const close =
    <T,>(act: (l: IntegrationListing) => T) =>
    (l: IntegrationListing) => {
      onClose();
      return act(l);
    };
  return (
    <Popup
      open
      onOpenChange={(open) => !open && onClose()}
      title={
        <span className="flex flex-wrap items-center gap-2">
          {integration.name}
          {listing.installed && <Tag tone="success">Installed</Tag>}
        </span>
      }
      description={price ?? 'Free'}
      maxWidth={640}
      footer={
        <div className="flex flex-wrap items-center justify-end gap-3">
          <ListingButtons
            listing={listing}
            project={project}
            canManage={actions.canManage}
            onInstall={close(actions.onInstall)}
            onUninstall={close(actions.onUninstall)}
          />
        </div>
      }
    >
      <div className="grid gap-5 text-sm/6">
        <p className="whitespace-pre-line">{integration.description}</p>
        {integration.dependsOn.length > 0 && (
          <p>
            <span className="font-medium">Needs:</span> {integration.dependsOn.map(nameOf).join(', ')} (installed with
            it when missing).
          </p>
        )}
        <section aria-label="Products">
          <h3 className="mb-2 font-semibold">Products</h3>
          {products.isPending ? (
            <Loading label="Loading products…" />
          ) : products.isError ? (
            <Alert tone="danger">{errorMessage(products.error)}</Alert>
          ) : products.data.length === 0 ? (
            <p className="text-muted">This module offers nothing to buy.</p>
          ) : (
            <ul className="grid gap-2">
              {products.data.map((product) => {
                const cost = product.prices.find((p) => p.currency === currency) ?? product.prices[0];
                return (
                  <li key={product.id} className="rounded-lg border border-border p-3">
                    <p className="flex flex-wrap justify-between gap-2 font-medium">
                      {product.name}
                      {cost && <span className="tabular-nums">{formatMoney(cost.amount, cost.currency)}</span>}
                    </p>
                    <p className="text-muted">{product.description}</p>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Popup>
  );
}
