import { useId, useState, type FormEvent } from 'react';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { errorMessage } from '../../features/forms/form-errors';
import { useDomainMutations, useProjectDomains, type ProjectDomain } from '../../features/platform/domains-api';
import { RemoveDomainDialog } from '../../features/platform/ui/RemoveDomainDialog';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { when } from '../../features/storefront/format';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { TextField } from '../../ui/TextField';

/**
 * `/platform/domains` (route `platform.domains`): the project's custom domains. Each proves itself
 * with a TXT record the page shows with copy buttons; a background check verifies it (decision 036).
 */
export function DomainsPage() {
  return (
    <ProjectPage
      title="Domains"
      description="Your website's addresses: the one the platform gives you and the domains you own."
      permissions={['domains.read', 'domains.manage']}
    >
      {(project, access) => <DomainsView key={project.id} project={project} access={access} />}
    </ProjectPage>
  );
}

const statusWords = { pending: 'Pending', verified: 'Verified', failed: 'Failed' } as const;
const statusClasses = {
  pending: 'bg-warning-soft text-warning',
  verified: 'bg-success-soft text-success',
  failed: 'bg-danger-soft text-danger',
} as const;

function DomainsView({ project, access }: { project: Project; access: Access }) {
  const canManage = access.can('domains.manage');
  const deniedId = useId();
  const list = useProjectDomains(project.id);
  const { create, remove, check } = useDomainMutations(project.id);
  const [domain, setDomain] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(domain, { onSuccess: () => setDomain('') });
  };

  if (list.isPending) return <Loading label="Loading the domains…" />;
  if (list.isError) {
    return (
      <LoadError
        title="The domains could not be loaded"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }
  const { data: domains, website } = list.data;
  return (
    <div className="grid max-w-3xl gap-4">
      {!canManage && (
        <ReadOnlyNotice id={deniedId} denied={['domains.manage']}>
          You can see the domains but not add, check or remove them.
        </ReadOnlyNotice>
      )}
      <section aria-label="Website" className="rounded-xl border border-border bg-surface p-5 shadow-xs">
        <h2 className="text-base font-semibold">Website</h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-[12rem_1fr]">
          <dt className="text-muted">Platform address</dt>
          <dd>{website.domainName ?? 'None: the platform has no domain yet'}</dd>
          <dt className="text-muted">Custom domain</dt>
          <dd>{website.customDomainName ?? 'None verified yet'}</dd>
        </dl>
      </section>
      {canManage && (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Add a domain">
          <div className="min-w-[16rem] flex-1">
            <TextField
              label="Domain"
              name="domain"
              placeholder="shop.example.com"
              value={domain}
              onChange={(event) => {
                setDomain(event.target.value);
                create.reset();
              }}
              error={create.isError ? errorMessage(create.error) : undefined}
              required
            />
          </div>
          <Button type="submit" disabled={create.isPending || domain.trim() === ''}>
            {create.isPending ? 'Adding…' : 'Add domain'}
          </Button>
        </form>
      )}
      {domains.length === 0 ? (
        <EmptyState title="No custom domains yet">
          Add a domain you own, such as shop.example.com, to open your website under your own name. You create one DNS
          record at your domain provider to prove it is yours.
        </EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Custom domains">
          {domains.map((d) => (
            <DomainCard
              key={d.domain}
              domain={d}
              canManage={canManage}
              checking={check.isPending && check.variables === d.domain}
              checkError={check.isError && check.variables === d.domain ? errorMessage(check.error) : undefined}
              onCheck={() => check.mutate(d.domain)}
              onRemove={() => setRemoving(d.domain)}
            />
          ))}
        </ul>
      )}
      <RemoveDomainDialog domain={removing} removal={remove} onClose={() => setRemoving(null)}>
        Your website stops answering at this domain. You can add it again later; it will need verifying again.
      </RemoveDomainDialog>
    </div>
  );
}

function DomainCard({
  domain,
  canManage,
  checking,
  checkError,
  onCheck,
  onRemove,
}: {
  domain: ProjectDomain;
  canManage: boolean;
  checking: boolean;
  checkError: string | undefined;
  onCheck: () => void;
  onRemove: () => void;
}) {
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold break-all">
          {domain.domain}
        </h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${statusClasses[domain.status]}`}>
          {statusWords[domain.status]}
        </span>
      </div>
      {domain.failure && <p className="mt-2 text-sm text-muted">{domain.failure}</p>}
      {domain.status !== 'verified' && (
        <div className="mt-3 grid gap-2 text-sm">
          <p>At your DNS provider, create this TXT record:</p>
          <RecordLine label="Name" value={domain.record.name} />
          <RecordLine label="Value" value={domain.record.value} />
          <p className="text-muted">
            Last checked {when(domain.lastCheckedAt)}
            {domain.nextCheckAt ? `; next check ${when(domain.nextCheckAt)}` : ''}.
          </p>
        </div>
      )}
      {domain.status === 'verified' && <p className="mt-2 text-sm text-muted">Verified {when(domain.verifiedAt)}.</p>}
      {checkError && (
        <Alert tone="danger" className="mt-3">
          {checkError}
        </Alert>
      )}
      {canManage && (
        <div className="mt-3 flex flex-wrap gap-2">
          {domain.status !== 'verified' && (
            <Button variant="secondary" size="small" onClick={onCheck} disabled={checking}>
              {checking ? 'Checking…' : 'Check now'}
            </Button>
          )}
          <Button variant="secondary" size="small" onClick={onRemove} aria-label={`Remove ${domain.domain}`}>
            Remove
          </Button>
        </div>
      )}
    </li>
  );
}

function RecordLine({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="w-12 text-muted">{label}</span>
      <code className="min-w-0 flex-1 rounded bg-surface-raised px-2 py-1 break-all">{value}</code>
      <CopyButton text={value} label={`Copy ${label.toLowerCase()}`} />
    </div>
  );
}
