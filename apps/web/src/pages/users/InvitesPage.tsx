import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { errorMessage } from '../../features/forms/form-errors';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import {
  useInvitesQuery,
  useResendInvite,
  useRevokeInvite,
  type Invite,
} from '../../features/access/invites/api/invites';
import { InviteForm } from '../../features/access/invites/ui/InviteForm';
import { expiryText, InviteStatusBadge } from '../../features/access/invites/ui/InviteStatus';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { SearchBox } from '../../features/lists/ui/SearchBox';
import { useListSearch } from '../../features/lists/use-list-search';
import { RelativeTime } from '../../features/access/members/ui/RelativeTime';
import { useNow } from '../../features/access/members/use-now';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { roleName } from '../../features/access/roles/role-labels';
import { Alert } from '../../ui/Alert';
import { Announcement } from '../../ui/Announcement';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { Tag } from '../../ui/Tag';
import { INVITATION_WORDS } from './list-words';

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
  const search = useListSearch();
  const invites = useInvitesQuery(project.id, search.query);
  const resend = useResendInvite(project.id);
  const [announcement, setAnnouncement] = useState('');
  const revoke = useConfirmedMutation(
    useRevokeInvite(project.id),
    (invite: Invite) => invite.id,
    (invite) => setAnnouncement(`The invitation to ${invite.email} was revoked.`),
  );
  const reasonId = useId();
  const canManage = access.can('invites.manage');

  // An invitation shows once, should two pages overlap.
  const list = pagedItems(invites.data?.pages, (invite) => invite.id);
  const searching = isSearching(invites);
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
        <SearchBox words={INVITATION_WORDS} search={search} searching={searching} />

        {!canManage && (
          <ReadOnlyNotice id={reasonId} denied={['invites.manage']}>
            You can see the invitations but not resend or revoke them.
          </ReadOnlyNotice>
        )}
        <Announcement message={announcement} />
        {resend.isError && (
          <Alert tone="danger" title="The invitation was not resent">
            {errorMessage(resend.error)}
          </Alert>
        )}

        <PagedList query={invites} count={list.length} words={INVITATION_WORDS} search={search.query}>
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
                        Sent <RelativeTime iso={invite.createdAt} now={now} />
                      </span>
                      {expiry && (
                        <RelativeTime
                          iso={invite.expiresAt}
                          className={cx(invite.status === 'expired' && 'text-warning')}
                        >
                          {expiry}
                        </RelativeTime>
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
                          onClick={() => revoke.ask(invite)}
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
        </PagedList>
      </section>

      <ConfirmDialog {...revoke.dialog} title="Revoke invitation" confirmLabel="Revoke" pendingLabel="Revoking…" danger>
        {revoke.target && (
          <>
            The link in the invitation to <strong className="text-text">{revoke.target.email}</strong> stops working at
            once. You can invite them again later.
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}
