import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { ReadOnlyNotice } from '../../features/access/ui/Denied';
import { useUser } from '../../features/accounts/api/session';
import { useConfirmedMutation } from '../../features/forms/use-confirmed-mutation';
import { isSearching, pagedItems } from '../../features/lists/paged-list';
import { PagedList } from '../../features/lists/ui/PagedList';
import { SearchBox } from '../../features/lists/ui/SearchBox';
import { useListSearch } from '../../features/lists/use-list-search';
import { useMembersQuery, useRemoveMember, type Member } from '../../features/access/members/api/members';
import { emailAddsToName, formatDay, memberName } from '../../features/access/members/format';
import { ChangeRoleDialog } from '../../features/access/members/ui/ChangeRoleDialog';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { useRolesQuery, type Role } from '../../features/access/roles/api/roles';
import { roleName } from '../../features/access/roles/role-labels';
import { Announcement } from '../../ui/Announcement';
import { Avatar } from '../../ui/Avatar';
import { Button, buttonClasses } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { cx } from '../../ui/cx';
import { Tag } from '../../ui/Tag';
import { MEMBER_WORDS } from './list-words';

/** `/users` (route `project.users.list`): the project's members, their roles, and who may change them. */
export function UsersPage() {
  return (
    <ProjectPage
      title="Users"
      description="The people in this project and the roles that decide what each of them can do."
      permissions={['members.read', 'members.manage', 'roles.read', 'roles.manage']}
    >
      {(project, access) => <Members project={project} access={access} />}
    </ProjectPage>
  );
}

function Members({ project, access }: { project: Project; access: Access }) {
  const me = useUser();
  const navigate = useNavigate();
  const search = useListSearch();
  const members = useMembersQuery(project.id, search.query);
  const roles = useRolesQuery(project.id, access.can('roles.read'));
  const [editing, setEditing] = useState<Member | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const remove = useConfirmedMutation(
    useRemoveMember(project.id, me?.id),
    (member: Member) => member.user.id,
    (member) => {
      if (member.user.id === me?.id) void navigate({ to: pathOf('projects.list') });
      else setAnnouncement(`${memberName(member.user)} was removed from ${project.name}.`);
    },
  );
  const reasonId = useId();

  const canManage = access.can('members.manage');
  // Two pages may overlap when members join meanwhile; each member shows once.
  const list = pagedItems(members.data?.pages, (member) => member.user.id);
  const searching = isSearching(members);
  const removing = remove.target;
  const removingSelf = removing !== null && removing.user.id === me?.id;

  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <SearchBox words={MEMBER_WORDS} search={search} searching={searching} />
        <nav aria-label="Team" className="flex gap-2">
          <Link
            to={pathOf('project.users.invites.list')}
            search={{ project: project.id }}
            className={buttonClasses({ variant: 'secondary', className: 'flex-1 sm:flex-none' })}
          >
            Invites
          </Link>
          <Link
            to={pathOf('project.users.roles.list')}
            search={{ project: project.id }}
            className={buttonClasses({ variant: 'secondary', className: 'flex-1 sm:flex-none' })}
          >
            Roles
          </Link>
        </nav>
      </div>

      {!canManage && (
        <ReadOnlyNotice id={reasonId} denied={['members.manage']}>
          You can see the members but not change their roles or remove them.
        </ReadOnlyNotice>
      )}

      <Announcement message={announcement} visuallyHidden />

      <PagedList query={members} count={list.length} words={MEMBER_WORDS} search={search.query}>
        <table className="w-full text-sm max-md:block" aria-label="Members" aria-busy={searching || undefined}>
          <thead className="max-md:sr-only">
            <tr className="border-b border-border text-left text-sm font-medium text-muted">
              <th scope="col" className="py-2 pr-3 font-semibold">
                Member
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Roles
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Joined
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="max-md:grid max-md:gap-3">
            {list.map((member) => (
              <MemberRow
                key={member.user.id}
                member={member}
                roles={roles.data}
                isMe={member.user.id === me?.id}
                canManage={canManage}
                reasonId={canManage ? undefined : reasonId}
                onChangeRole={() => setEditing(member)}
                onRemove={() => remove.ask(member)}
              />
            ))}
          </tbody>
        </table>
      </PagedList>

      <ChangeRoleDialog
        project={project.id}
        member={editing}
        access={access}
        onClose={() => setEditing(null)}
        onChanged={setAnnouncement}
      />

      <ConfirmDialog
        {...remove.dialog}
        title={removingSelf ? 'Leave project' : 'Remove member'}
        confirmLabel={removingSelf ? 'Leave project' : 'Remove'}
        pendingLabel={removingSelf ? 'Leaving…' : 'Removing…'}
        danger
      >
        {removing &&
          (removingSelf ? (
            <>
              You lose access to <strong className="text-text">{project.name}</strong> at once, with every role you hold
              here. Someone will have to invite you to come back.
            </>
          ) : (
            <>
              <strong className="text-text">{memberName(removing.user)}</strong>
              {emailAddsToName(removing.user) && ` (${removing.user.email})`} loses access to{' '}
              <strong className="text-text">{project.name}</strong> at once, with every role they hold here. You can
              invite them again later.
            </>
          ))}
      </ConfirmDialog>
    </div>
  );
}

function MemberRow({
  member,
  roles,
  isMe,
  canManage,
  reasonId,
  onChangeRole,
  onRemove,
}: {
  member: Member;
  roles: Role[] | undefined;
  isMe: boolean;
  canManage: boolean;
  reasonId: string | undefined;
  onChangeRole: () => void;
  onRemove: () => void;
}) {
  const name = memberName(member.user);
  const cell = 'max-md:block md:border-b md:border-border md:py-3';
  return (
    <tr className="max-md:grid max-md:gap-2 max-md:rounded-xl max-md:border max-md:border-border max-md:bg-surface max-md:p-4">
      <th scope="row" className={cx(cell, 'text-left font-normal md:pr-3')}>
        <div className="flex min-w-0 items-center gap-3">
          <Avatar name={name} url={member.user.avatar} />
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-2 font-medium break-words">
              {name}
              {isMe && <Tag tone="primary">You</Tag>}
            </p>
            {emailAddsToName(member.user) && <p className="text-muted [overflow-wrap:anywhere]">{member.user.email}</p>}
          </div>
        </div>
      </th>
      <td className={cx(cell, 'md:px-3')}>
        <span className="sr-only md:hidden">Roles: </span>
        {member.roles.length === 0 ? (
          <span className="text-muted">No role</span>
        ) : (
          <ul aria-label={`Roles of ${name}`} className="flex flex-wrap gap-1.5">
            {member.roles.map((key) => (
              <li key={key}>
                <Tag tone={key === 'owner' ? 'primary' : 'neutral'}>{roleName(key, roles)}</Tag>
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={cx(cell, 'text-muted md:px-3 md:whitespace-nowrap')}>
        <span className="md:hidden">Joined </span>
        <time dateTime={member.joinedAt}>{formatDay(member.joinedAt)}</time>
      </td>
      <td className={cx(cell, 'md:w-px md:pl-3 md:text-right md:whitespace-nowrap')}>
        <div className="flex flex-wrap gap-2 md:flex-nowrap md:justify-end">
          <Button
            variant="secondary"
            size="small"
            onClick={onChangeRole}
            disabled={!canManage}
            aria-describedby={reasonId}
            aria-label={`Change role of ${name}`}
          >
            Change role
          </Button>
          <Button
            variant="ghost"
            size="small"
            className="text-danger!"
            onClick={onRemove}
            disabled={!canManage}
            aria-describedby={reasonId}
            aria-label={isMe ? 'Leave project' : `Remove ${name}`}
          >
            {isMe ? 'Leave' : 'Remove'}
          </Button>
        </div>
      </td>
    </tr>
  );
}
