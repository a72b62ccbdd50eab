import type { PaymentMethod } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { pathOf } from '../../app/navigation';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import {
  useBillingProject,
  useDeletePaymentMethod,
  usePaymentMethods,
  useSetDefaultPaymentMethod,
} from '../../features/billing/api';
import { needsCompanyDetails } from '../../features/billing/attention';
import { AddCardWithGateway } from '../../features/billing/ui/AddCardWithGateway';
import { BillingError } from '../../features/billing/ui/BillingError';
import { BillingFlags } from '../../features/billing/ui/BillingFlags';
import { QueryState } from '../../features/billing/ui/QueryState';
import { SandboxCardForm } from '../../features/billing/ui/SandboxCardForm';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/ListStates';
import { Tag } from '../../ui/Tag';

/** `/billing/payment-methods` (route `billing.payment-methods`): the cards that pay invoices and top-ups. */
export function PaymentMethodsPage() {
  return (
    <ProjectPage
      title="Payment methods"
      description="The cards that pay invoices and wallet top-ups. The default one is used unless told otherwise."
      permissions={['billing.read', 'billing.manage']}
    >
      {(project, access) => <PaymentMethods key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** Expires at the end of this month or the next: time to add another card. */
export function isExpiringSoon(
  card: Pick<PaymentMethod, 'expMonth' | 'expYear' | 'expired'>,
  now = new Date(),
): boolean {
  if (card.expired) return false;
  const months = (card.expYear - now.getUTCFullYear()) * 12 + (card.expMonth - (now.getUTCMonth() + 1));
  return months >= 0 && months <= 1;
}

export const cardLabel = (card: PaymentMethod) => `${brandNames[card.brand] ?? 'Card'} •••• ${card.last4}`;

function PaymentMethods({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('billing.manage');
  const billing = useBillingProject(project.id);
  const methods = usePaymentMethods(project.id);
  const setDefault = useSetDefaultPaymentMethod(project.id);
  const remove = useDeletePaymentMethod(project.id);
  const [adding, setAdding] = useState(false);
  const [makeDefault, setMakeDefault] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const removing = useConfirmedMutation<PaymentMethod, string>(
    remove,
    (card) => card.id,
    (card) => setNotice(`${cardLabel(card)} removed.`),
  );

  // A card cannot be stored until the company details are set (COMPANY_NOT_FOUND): say so before a
  // card is typed, with the way to set them, rather than after.
  const companyMissing = billing.data ? needsCompanyDetails(billing.data) : false;

  const added = (label: string) => {
    setAdding(false);
    setNotice(`${label} added.`);
  };

  return (
    <div className="grid gap-6">
      {billing.data && (
        // Only the alerts about cards belong here; the rest are on the billing overview.
        <BillingFlags
          flags={billing.data.flags.filter((f) => f.code.startsWith('payment_method_'))}
          project={project.id}
        />
      )}
      <SettingsSection
        title="Cards"
        description="The default card comes first."
        aside={
          !adding && (
            <Button
              onClick={() => {
                setNotice(null);
                setAdding(true);
              }}
              disabled={!canManage || companyMissing}
            >
              Add a card
            </Button>
          )
        }
      >
        <div className="grid gap-4">
          {!canManage && (
            <p className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
              {deniedReason(['billing.manage'])}
            </p>
          )}
          {companyMissing && <CompanyDetailsFirst project={project.id} />}
          {notice && <Alert tone="success">{notice}</Alert>}
          {setDefault.isError && <BillingError error={setDefault.error} project={project.id} />}
          <QueryState query={methods} what="the payment methods" project={project.id} inCard={false}>
            {(cards) =>
              cards.length === 0 ? (
                <EmptyState title="No payment methods yet.">
                  Add a card to pay invoices and top up the wallet.
                </EmptyState>
              ) : (
                <ul aria-label="Payment methods" className="grid gap-3">
                  {cards.map((card) => (
                    <li
                      key={card.id}
                      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-border p-4"
                    >
                      <div className="min-w-0 flex-1">
                        <p className="flex flex-wrap items-center gap-2 font-semibold">
                          {cardLabel(card)}
                          {card.isDefault && <Tag tone="primary">Default</Tag>}
                          {card.expired && <Tag tone="danger">Expired</Tag>}
                          {isExpiringSoon(card) && <Tag tone="warning">Expiring soon</Tag>}
                        </p>
                        <p className="text-sm text-muted">
                          {card.holderName} · Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                        </p>
                      </div>
                      <div className="flex flex-wrap gap-2">
                        {!card.isDefault && (
                          <Button
                            size="small"
                            variant="secondary"
                            disabled={!canManage || setDefault.isPending || card.expired}
                            onClick={() => {
                              setNotice(null);
                              setDefault.mutate(card.id, {
                                onSuccess: () => setNotice(`${cardLabel(card)} is now the default.`),
                              });
                            }}
                            aria-label={`Make ${cardLabel(card)} the default`}
                          >
                            Make default
                          </Button>
                        )}
                        <Button
                          size="small"
                          variant="ghost"
                          className="text-danger"
                          disabled={!canManage}
                          onClick={() => {
                            setNotice(null);
                            removing.ask(card);
                          }}
                          aria-label={`Remove ${cardLabel(card)}`}
                        >
                          Remove
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      </SettingsSection>
      {adding && canManage && !companyMissing && (
        <SettingsSection title="Add a card" description="It can pay invoices and top-ups as soon as it is added.">
          <div className="grid max-w-md gap-4">
            <Checkbox
              label="Make it the default card"
              checked={makeDefault}
              onChange={(e) => setMakeDefault(e.target.checked)}
            />
            <QueryState query={billing} what="the billing account" project={project.id} inCard={false}>
              {(account) =>
                account.paymentVendor === 'stripe' ? (
                  // Stripe mode: the gateway's own form, connected by the lead (see AddCardWithGateway).
                  <AddCardWithGateway
                    project={project.id}
                    makeDefault={makeDefault}
                    onAdded={() => added('Card')}
                    onCancel={() => setAdding(false)}
                  />
                ) : (
                  <SandboxCardForm
                    project={project.id}
                    makeDefault={makeDefault}
                    onAdded={added}
                    onCancel={() => setAdding(false)}
                  />
                )
              }
            </QueryState>
          </div>
        </SettingsSection>
      )}
      <ConfirmDialog
        {...removing.dialog}
        title="Remove this card?"
        confirmLabel="Remove card"
        pendingLabel="Removing…"
        danger
      >
        {removing.target && (
          <p>
            {cardLabel(removing.target)} will no longer pay invoices or top-ups.
            {removing.target.isDefault && ' The next newest card becomes the default.'}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** Before any card is typed: the company details come first, and where to set them. */
function CompanyDetailsFirst({ project }: { project: string }) {
  return (
    <Alert tone="warning" title="Company details are needed first">
      <p>
        Cards can be added once the project&rsquo;s company details (who is billed, printed on every invoice) are set.{' '}
        <Link
          to={pathOf('projects.settings')}
          search={{ project }}
          className="rounded-sm font-semibold underline underline-offset-4 hover:no-underline"
        >
          Add company details
        </Link>
      </p>
    </Alert>
  );
}
