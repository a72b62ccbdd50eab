import { permissions as catalogueKeys, type Permission } from '@wharf/contract/permissions';
import { useId, useState } from 'react';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason, ReadOnlyNotice } from '../../features/access/ui/Denied';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import {
  useAuthKeysQuery,
  useRevokeAuthKey,
  type AuthKey,
  type CreatedAuthKey,
} from '../../features/access/auth-keys/api/auth-keys';
import { CreateKeyForm } from '../../features/access/auth-keys/ui/CreateKeyForm';
import { SecretPanel } from '../../features/access/auth-keys/ui/SecretPanel';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { formatDay } from '../../features/access/members/format';
import { RelativeTime } from '../../features/access/members/ui/RelativeTime';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { usePermissionCatalogue } from '../../features/access/roles/api/roles';
import { Announcement } from '../../ui/Announcement';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';
import { Tag } from '../../ui/Tag';

/** The API reference the server publishes beside /openapi.json (DESIGN.md "One contract, three readers"). */
const API_REFERENCE_PATH = '/docs';

/** Reading and managing keys, and every other permission: a key carries only what its maker holds. */
const PAGE_PERMISSIONS: [Permission, ...Permission[]] = [
  'authkeys.read',
  ...catalogueKeys.filter((p) => p !== 'authkeys.read'),
];

/** How many of a key's permissions show before "+ n more". */
const SHOWN_PERMISSIONS = 4;

/** `/developer` (route `developer.api.index`): the project's API keys and how to use them. */
export function DeveloperPage() {
  return (
    <ProjectPage
      title="Developer (APIs)"
      description={
        <>
          API keys let scripts and other services call the Wharf API for this project, with the permissions you give
          them. See the{' '}
          <a href={API_REFERENCE_PATH} className="font-medium text-primary underline-offset-2 hover:underline">
            API reference
          </a>{' '}
          for every call.
        </>
      }
      permissions={PAGE_PERMISSIONS}
    >
      {(project, access) => <Developer project={project} access={access} />}
    </ProjectPage>
  );
}

function Developer({ project, access }: { project: Project; access: Access }) {
  const keys = useAuthKeysQuery(project.id);
  const catalogue = usePermissionCatalogue();
  const [created, setCreated] = useState<CreatedAuthKey | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const revoke = useConfirmedMutation(
    useRevokeAuthKey(project.id),
    (key: AuthKey) => key.id,
    (key) => setAnnouncement(`${key.name} was revoked. Requests using it are refused.`),
  );
  const canManage = access.can('authkeys.manage');
  const reasonId = useId();

  return (
    <div className="grid gap-6">
      {created && (
        <SecretPanel
          created={created}
          project={project.id}
          onClose={() => {
            setCreated(null);
            setAnnouncement('The secret was closed. The key is in the list below; its secret is not kept anywhere.');
          }}
        />
      )}
      <Announcement message={announcement} />

      <section aria-labelledby={`${reasonId}-keys`} className="grid gap-4">
        <h2 id={`${reasonId}-keys`} className="text-base font-semibold">
          API keys
        </h2>
        {!canManage && (
          <ReadOnlyNotice id={reasonId} denied={['authkeys.manage']}>
            You can see the keys but not create or revoke them.
          </ReadOnlyNotice>
        )}
        {keys.isPending ? (
          <Loading label="Loading API keys…" />
        ) : keys.isError ? (
          <LoadError
            title="The API keys could not be loaded"
            message={errorMessage(keys.error)}
            onRetry={() => void keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : keys.data.length === 0 ? (
          <EmptyState title="No API keys yet.">
            {canManage ? 'Create one below to call the API from a script or another service.' : null}
          </EmptyState>
        ) : (
          <ul aria-label="API keys" className="grid gap-3">
            {keys.data.map((key) => (
              <KeyItem
                key={key.id}
                authKey={key}
                canManage={canManage}
                reasonId={canManage ? undefined : reasonId}
                onRevoke={() => revoke.ask(key)}
              />
            ))}
          </ul>
        )}
      </section>

      <SettingsSection
        title="Create an API key"
        description="The secret is shown once, right after it is created. Send it as a bearer token: Authorization: Bearer <secret>."
      >
        {catalogue.isPending ? (
          <Loading label="Loading permissions…" />
        ) : catalogue.isError ? (
          <LoadError
            title="The permissions could not be loaded"
            message={errorMessage(catalogue.error)}
            onRetry={() => void catalogue.refetch()}
            retrying={catalogue.isFetching}
          />
        ) : (
          <>
            <CreateKeyForm
              project={project.id}
              catalogue={catalogue.data}
              access={access}
              disabled={!canManage}
              onCreated={(next) => {
                setAnnouncement('');
                setCreated(next);
              }}
            />
            {!canManage && <p className="mt-3 text-xs text-muted">{deniedReason(['authkeys.manage'])}</p>}
          </>
        )}
      </SettingsSection>

      <ConfirmDialog
        {...revoke.dialog}
        title="Revoke API key"
        confirmLabel="Revoke key"
        pendingLabel="Revoking…"
        danger
      >
        {revoke.target && (
          <>
            Requests made with <strong className="text-text">{revoke.target.name}</strong> (
            <code className="font-mono">{revoke.target.prefix}…</code>) are refused from this moment. Anything still
            using it stops working. This can&apos;t be undone.
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

function KeyItem({
  authKey,
  canManage,
  reasonId,
  onRevoke,
}: {
  authKey: AuthKey;
  canManage: boolean;
  reasonId: string | undefined;
  onRevoke: () => void;
}) {
  const shown = authKey.permissions.slice(0, SHOWN_PERMISSIONS);
  const rest = authKey.permissions.slice(SHOWN_PERMISSIONS);
  return (
    <li
      aria-label={authKey.name}
      className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs sm:flex-row sm:items-start sm:justify-between"
    >
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-medium break-words">{authKey.name}</span>
          <code className="font-mono text-xs text-muted" title="The start of the secret">
            {authKey.prefix}…
          </code>
        </p>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Created</dt>
          <dd>
            <RelativeTime iso={authKey.createdAt}>{formatDay(authKey.createdAt)}</RelativeTime>
          </dd>
          <dt className="text-muted">Last used</dt>
          <dd>{authKey.lastUsedAt ? <RelativeTime iso={authKey.lastUsedAt} /> : 'Never'}</dd>
          <dt className="text-muted">Permissions</dt>
          <dd>
            <ul aria-label={`Permissions of ${authKey.name}`} className="flex flex-wrap gap-1.5">
              {shown.map((p) => (
                <li key={p}>
                  <Tag>
                    <code className="font-mono">{p}</code>
                  </Tag>
                </li>
              ))}
              {rest.length > 0 && (
                <li>
                  <details className="group">
                    <summary className="cursor-pointer list-none rounded-full px-2 py-0.5 text-xs font-medium text-primary hover:bg-surface-raised">
                      + {rest.length} more
                    </summary>
                    <ul className="mt-1.5 flex flex-wrap gap-1.5">
                      {rest.map((p) => (
                        <li key={p}>
                          <Tag>
                            <code className="font-mono">{p}</code>
                          </Tag>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              )}
            </ul>
          </dd>
        </dl>
      </div>
      <Button
        variant="secondary"
        size="small"
        className="shrink-0 text-danger!"
        onClick={onRevoke}
        disabled={!canManage}
        aria-describedby={reasonId}
        aria-label={`Revoke ${authKey.name}`}
      >
        Revoke
      </Button>
    </li>
  );
}
