import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { SettingsSection } from '../../features/account/ui/SettingsSection';
import { useInvitesQuery, useResendInvite, useRevokeInvite, type Invite } from '../../features/invites/api/invites';
import { InviteForm } from '../../features/invites/ui/InviteForm';
import { expiryText, InviteStatusBadge } from '../../features/invites/ui/InviteStatus';
import { formatDayAndTime, relativeTime } from '../../features/members/format';
import { EmptyState, errorMessage, LoadError, LoadMore } from '../../features/members/ui/ListStates';
import { Tag } from '../../features/members/ui/Tag';
import { useDebouncedValue } from '../../features/members/use-debounced-value';
import { useNow } from '../../features/members/use-now';
import type { Project } from '../../features/projects/api/projects';
import { Loading, ProjectPage } from '../../features/projects/ui/ProjectPage';
import { roleName } from '../../features/roles/role-labels';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { TextField } from '../../ui/TextField';

/** `/users/invites` (route `project.users.invites.list`): invite people by email, and follow up on invitations. */
export function InvitesPage() {
  return (
    <ProjectPage
      title="Invites"
      description="Invite people by email. They join with the role you choose once they accept; a link works for 7 days."
      permissions={['invites.read', 'invites.manage', 'members.read']}
    >
      {(project, access) => <Invites project={project} access={access} />}
    </ProjectPage>
  );
}

function Invites({ project, access }: { project: Project; access: Access }) {
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim());
  const invites = useInvitesQuery(project.id, query);
  const resend = useResendInvite(project.id);
  const revoke = useRevokeInvite(project.id);
  const [revoking, setRevoking] = useState<Invite | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const reasonId = useId();
  const canManage = access.can('invites.manage');

  const list = dedupe(invites.data?.pages.flatMap((page) => page.items) ?? []);
  const searching = invites.isFetching && !invites.isFetchingNextPage && invites.isPlaceholderData;
  const now = useNow();

  return (
    <div className="grid gap-6">
      <SettingsSection
        title="Invite someone"
        description="We email them a link to join this project. Inviting an address again replaces its pending invitation."
      >
        <InviteForm project={project.id} canInvite={canManage} canReadMembers={access.can('members.read')} />
      </SettingsSection>

      <section aria-labelledby={`${reasonId}-title`} className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={`${reasonId}-title`} className="text-base font-semibold">
            Invitations
          </h2>
          <Link
            to={pathOf('project.users.list')}
            search={{ project: project.id }}
            className="text-sm font-medium text-primary underline-offset-2 hover:underline"
          >
            See the members
          </Link>
        </div>
        <form role="search" aria-label="Invitations" onSubmit={(event) => event.preventDefault()} className="sm:w-80">
          <TextField
            label="Search invitations"
            type="search"
            placeholder="Email address"
            autoComplete="off"
            spellCheck={false}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            hint={searching ? 'Searching…' : undefined}
          />
        </form>

        {!canManage && (
          <p id={reasonId} className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
            You can see the invitations but not resend or revoke them. {deniedReason(['invites.manage'])}
          </p>
        )}
        <p
          role="status"
          className={announcement ? 'rounded-lg bg-success-soft px-3.5 py-3 text-sm text-success' : 'sr-only'}
        >
          {announcement}
        </p>
        {resend.isError && (
          <Alert tone="danger" title="The invitation was not resent">
            {errorMessage(resend.error)}
          </Alert>
        )}

        {invites.isPending ? (
          <Loading label="Loading invitations…" />
        ) : !invites.data ? (
          <LoadError
            title="The invitations could not be loaded"
            error={invites.error}
            onRetry={() => void invites.refetch()}
            retrying={invites.isFetching}
          />
        ) : list.length === 0 ? (
          <EmptyState title={query ? `No invitations match “${query}”.` : 'No invitations yet.'}>
            {query ? 'Try part of the email address.' : 'Invitations you send show here until they are used.'}
          </EmptyState>
        ) : (
          <div>
            <ul aria-label="Invitations, newest first" aria-busy={searching || undefined} className="grid gap-3">
              {list.map((invite) => {
                const expiry = expiryText(invite, now);
                const resending = resend.isPending && resend.variables?.id === invite.id;
                return (
                  <li
                    key={invite.id}
                    aria-label={invite.email}
                    className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between"
                  >
                    <div className="min-w-0">
                      <p className="flex flex-wrap items-center gap-2">
                        <span className="font-medium break-all">{invite.email}</span>
                        <InviteStatusBadge status={invite.status} />
                      </p>
                      <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                        <Tag>{roleName(invite.role)}</Tag>
                        <span>
                          Sent{' '}
                          <time dateTime={invite.createdAt} title={formatDayAndTime(invite.createdAt)}>
                            {relativeTime(invite.createdAt, now)}
                          </time>
                        </span>
                        {expiry && (
                          <time
                            dateTime={invite.expiresAt}
                            title={formatDayAndTime(invite.expiresAt)}
                            className={cx(invite.status === 'expired' && 'text-warning')}
                          >
                            {expiry}
                          </time>
                        )}
                      </p>
                    </div>
                    {invite.status !== 'accepted' && (
                      <div className="flex shrink-0 gap-2">
                        <Button
                          variant="secondary"
                          size="small"
                          disabled={!canManage || resending}
                          aria-describedby={canManage ? undefined : reasonId}
                          aria-label={`Resend invitation to ${invite.email}`}
                          aria-busy={resending || undefined}
                          onClick={() =>
                            resend.mutate(invite, {
                              onSuccess: () =>
                                setAnnouncement(
                                  `Sent a new invitation to ${invite.email}. The earlier link no longer works.`,
                                ),
                            })
                          }
                        >
                          {resending ? 'Sending…' : 'Resend'}
                        </Button>
                        {invite.status === 'pending' && (
                          <Button
                            variant="ghost"
                            size="small"
                            className="text-danger!"
                            disabled={!canManage}
                            aria-describedby={canManage ? undefined : reasonId}
                            aria-label={`Revoke invitation to ${invite.email}`}
                            onClick={() => setRevoking(invite)}
                          >
                            Revoke
                          </Button>
                        )}
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
            <LoadMore
              count={list.length}
              noun={['invitation', 'invitations']}
              hasMore={invites.hasNextPage}
              loading={invites.isFetchingNextPage}
              onLoadMore={() => void invites.fetchNextPage()}
              error={invites.isFetchNextPageError || invites.isRefetchError ? invites.error : undefined}
            />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        title="Revoke invitation"
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        danger
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : undefined}
        onCancel={() => {
          setRevoking(null);
          revoke.reset();
        }}
        onConfirm={() => {
          if (!revoking) return;
          const email = revoking.email;
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              setAnnouncement(`The invitation to ${email} was revoked.`);
            },
          });
        }}
      >
        {revoking && (
          <>
            The link in the invitation to <strong className="text-text">{revoking.email}</strong> stops working at once.
            You can invite them again later.
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** An invitation shows once, should two pages overlap. */
function dedupe(invites: Invite[]): Invite[] {
  const byId = new Map<string, Invite>();
  for (const invite of invites) if (!byId.has(invite.id)) byId.set(invite.id, invite);
  return [...byId.values()];
}
