import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { pathOf } from '../../app/navigation';
import { searchString } from '../../app/search';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import {
  useAuthorizePaymentAccount,
  useCompletePaymentAuthorization,
  useDeauthorizePaymentAccount,
  usePaymentAccountQuery,
  type PaymentAccount,
} from '../../features/storefront/api/payment-account';
import { when } from '../../features/storefront/format';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/** Sends the browser to the connect flow; tests replace it (jsdom cannot leave the page). */
export const browser = {
  go(url: string): void {
    window.location.assign(url);
  },
};

/**
 * `/platform/payment` (route `platform.payment`): the payment account the shop's orders are paid
 * into. The connect flow (Stripe Connect's OAuth, or the sandbox's) returns here with `code` and
 * `state`, which the page hands to the server once and then takes out of the address.
 */
export function PaymentAccountPage() {
  return (
    <ProjectPage
      title="Payment account"
      description="Card payments for your storefront's orders are paid into this account."
      permissions={['orders.read', 'storefront.manage']}
    >
      {(project, access) => <PaymentAccountView key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

const vendorWords = { stripe: 'Stripe', sandbox: 'Sandbox (test payments)' } as const;

function PaymentAccountView({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('storefront.manage');
  const deniedId = useId();
  const account = usePaymentAccountQuery(project.id);
  const authorize = useAuthorizePaymentAccount(project.id);
  const complete = useCompletePaymentAuthorization(project.id);
  const deauthorize = useDeauthorizePaymentAccount(project.id);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const navigate = useNavigate();
  const search = useRouterState({ select: (state) => state.location.search as Record<string, unknown> });
  const code = searchString(search.code);
  const state = searchString(search.state);
  const refused = searchString(search.error);
  // The provider sends `error` (and its description) instead of a code when the person declined.
  const [returnError, setReturnError] = useState<string | null>(() =>
    refused ? (searchString(search.error_description) ?? 'The payment account was not connected.') : null,
  );
  const handled = useRef<string | null>(null);

  // Back from the connect flow: hand over the code once, then take it out of the address.
  useEffect(() => {
    const key = code && state ? `${code}|${state}` : refused ? `error|${refused}` : null;
    if (!key || handled.current === key) return;
    handled.current = key;
    void navigate({ to: pathOf('platform.payment'), search: { project: project.id }, replace: true });
    if (code && state)
      complete.mutate({ code, state }, { onSuccess: () => setNotice('Your payment account is connected.') });
  }, [code, state, refused, navigate, project.id, complete]);

  return (
    <div className="grid max-w-2xl gap-4">
      {!canManage && (
        <ReadOnlyNotice id={deniedId} denied={['storefront.manage']}>
          You can see the payment account but not connect or disconnect it.
        </ReadOnlyNotice>
      )}
      <div aria-live="polite">
        {complete.isPending && <Loading label="Connecting your payment account…" />}
        {notice && <Alert tone="success">{notice}</Alert>}
      </div>
      {complete.isError && (
        <Alert tone="danger" title="The payment account was not connected">
          {errorMessage(complete.error)}
        </Alert>
      )}
      {returnError && (
        <Alert tone="danger" title="The payment account was not connected">
          {returnError}
        </Alert>
      )}
      {account.isPending ? (
        <Loading label="Loading the payment account…" />
      ) : account.isError ? (
        <LoadError
          title="The payment account could not be loaded"
          message={errorMessage(account.error)}
          onRetry={() => void account.refetch()}
          retrying={account.isFetching}
        />
      ) : (
        <AccountCard
          account={account.data}
          canManage={canManage}
          deniedId={deniedId}
          connecting={authorize.isPending || authorize.isSuccess}
          onConnect={() => {
            setNotice(null);
            setReturnError(null);
            authorize.mutate(undefined, { onSuccess: (answer) => browser.go(answer.url) });
          }}
          onDisconnect={() => {
            setNotice(null);
            setConfirming(true);
          }}
        />
      )}
      {authorize.isError && (
        <Alert tone="danger" title="The connection could not start">
          {errorMessage(authorize.error)}
        </Alert>
      )}
      <ConfirmDialog
        open={confirming}
        title="Disconnect the payment account?"
        confirmLabel="Disconnect"
        pendingLabel="Disconnecting…"
        danger
        pending={deauthorize.isPending}
        error={deauthorize.isError ? errorMessage(deauthorize.error) : undefined}
        onCancel={() => {
          setConfirming(false);
          deauthorize.reset();
        }}
        onConfirm={() =>
          deauthorize.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              setNotice('Your payment account is disconnected. Card orders are refused until you connect one again.');
            },
          })
        }
      >
        Card orders from your storefront are refused until a payment account is connected again. Orders already paid
        stay paid.
      </ConfirmDialog>
    </div>
  );
}

function AccountCard({
  account,
  canManage,
  deniedId,
  connecting,
  onConnect,
  onDisconnect,
}: {
  account: PaymentAccount;
  canManage: boolean;
  deniedId: string;
  connecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}) {
  const titleId = useId();
  const details = [
    ['Account name', account.displayName ?? '—'],
    ['Account', account.accountId ?? '—'],
    ['Country', account.country ?? '—'],
    ['Currency', account.defaultCurrency?.toUpperCase() ?? '—'],
    ['Card payments', account.chargesEnabled ? 'Enabled' : 'Not enabled yet'],
    ['Connected', when(account.connectedAt)],
  ] as const;
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-5 shadow-xs sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={titleId} className="text-base font-semibold">
          {account.connected ? 'Connected' : 'Not connected'}
        </h2>
        <span
          className={
            account.connected
              ? 'rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success'
              : 'rounded-full bg-surface-raised px-2.5 py-0.5 text-xs font-semibold text-muted'
          }
        >
          {vendorWords[account.vendor]}
        </span>
      </div>
      {account.connected ? (
        <>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm xs:grid-cols-[auto_1fr]">
            {details.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-muted">{term}</dt>
                <dd className="font-medium break-all">{value}</dd>
              </div>
            ))}
          </dl>
          <Button
            variant="danger"
            className="mt-5"
            onClick={onDisconnect}
            disabled={!canManage}
            aria-describedby={canManage ? undefined : deniedId}
          >
            Disconnect
          </Button>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm/6 text-muted">
            Connect an account to take card payments for your storefront’s orders. You sign in with the provider and
            come back here.
          </p>
          <Button
            className="mt-5"
            onClick={onConnect}
            disabled={!canManage || connecting}
            aria-describedby={canManage ? undefined : deniedId}
            aria-busy={connecting || undefined}
          >
            {connecting ? 'Opening the provider…' : 'Connect payment account'}
          </Button>
        </>
      )}
    </section>
  );
}
