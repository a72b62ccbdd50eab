import { permissions as catalogueKeys, type Permission } from '@wharf/contract/permissions';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { pathOf } from '../../app/navigation';
import type { Access } from '../../features/access/api/enforce';
import { deniedReason } from '../../features/access/ui/Denied';
import { SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { errorMessage } from '../../features/forms/form-errors';
import type { Project } from '../../features/projects/api/projects';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import {
  useDeleteRole,
  usePermissionCatalogue,
  useRoleHolders,
  useRolesQuery,
  type Role,
} from '../../features/access/roles/api/roles';
import { sortRoles } from '../../features/access/roles/role-labels';
import { CreateRoleForm } from '../../features/access/roles/ui/CreateRoleForm';
import { PermissionMatrix } from '../../features/access/roles/ui/PermissionMatrix';
import { Announcement } from '../../ui/Announcement';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { LoadError } from '../../ui/ListStates';
import { Loading } from '../../ui/Loading';

/**
 * What the page asks /enforce: reading and managing roles, and every other permission too, because
 * nobody can put a permission they don't hold into a role, and the matrix locks those beforehand.
 */
const PAGE_PERMISSIONS: [Permission, ...Permission[]] = [
  'roles.read',
  ...catalogueKeys.filter((p) => p !== 'roles.read'),
];

/** `/users/roles` (route `project.users.roles.list`): the roles, their permissions, and the project's own roles. */
export function RolesPage() {
  return (
    <ProjectPage
      title="Roles"
      description="A role is a set of permissions. Built-in roles are the same in every project; custom roles are this project's own."
      permissions={PAGE_PERMISSIONS}
    >
      {(project, access) => <Roles project={project} access={access} />}
    </ProjectPage>
  );
}

function Roles({ project, access }: { project: Project; access: Access }) {
  const roles = useRolesQuery(project.id);
  const catalogue = usePermissionCatalogue();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Role | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const canManage = access.can('roles.manage');
  const reasonId = useId();

  if (roles.isPending || catalogue.isPending) return <Loading label="Loading roles…" />;
  if (roles.isError || catalogue.isError) {
    return (
      <LoadError
        title="The roles could not be loaded"
        message={errorMessage(roles.error ?? catalogue.error)}
        onRetry={() => {
          void roles.refetch();
          void catalogue.refetch();
        }}
        retrying={roles.isFetching || catalogue.isFetching}
      />
    );
  }

  const sorted = sortRoles(roles.data);
  // In the matrix the editable columns come first, beside the permission names; the built-in ones
  // follow as reference (and are the ones a narrow screen scrolls to).
  const columns = [...sorted.filter((r) => !r.builtIn), ...sorted.filter((r) => r.builtIn)];
  const customCount = sorted.filter((r) => !r.builtIn).length;

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <p className="text-sm text-muted">
          {customCount === 0
            ? 'This project has no custom role yet.'
            : `${customCount} custom ${customCount === 1 ? 'role' : 'roles'}.`}{' '}
          Give people roles on the{' '}
          <Link
            to={pathOf('project.users.list')}
            search={{ project: project.id }}
            className="font-medium text-primary underline-offset-2 hover:underline"
          >
            Users
          </Link>{' '}
          page.
        </p>
        {!creating && (
          <div className="grid gap-1.5 sm:justify-items-end">
            <Button
              onClick={() => setCreating(true)}
              disabled={!canManage}
              aria-describedby={canManage ? undefined : reasonId}
            >
              New custom role
            </Button>
            {!canManage && (
              <p id={reasonId} className="max-w-sm text-xs text-muted sm:text-right">
                {deniedReason(['roles.manage'])}
              </p>
            )}
          </div>
        )}
      </div>

      {creating && (
        <SettingsSection
          title="New custom role"
          description="Name it after what people with it do. It holds only permissions you hold yourself."
        >
          <CreateRoleForm
            project={project.id}
            roles={sorted}
            catalogue={catalogue.data}
            access={access}
            onCancel={() => setCreating(false)}
            onCreated={(role) => {
              setCreating(false);
              setAnnouncement(`Created ${role.name}. Tick its permissions in the table and save.`);
            }}
          />
        </SettingsSection>
      )}

      <Announcement message={announcement} />

      <PermissionMatrix
        project={project.id}
        roles={columns}
        catalogue={catalogue.data}
        access={access}
        onSaved={setAnnouncement}
        onDelete={setDeleting}
      />

      <DeleteRoleDialog
        project={project.id}
        role={deleting}
        access={access}
        onClose={() => setDeleting(null)}
        onDeleted={setAnnouncement}
      />
    </div>
  );
}

function DeleteRoleDialog({
  project,
  role,
  access,
  onClose,
  onDeleted,
}: {
  project: string;
  role: Role | null;
  access: Access;
  onClose: () => void;
  onDeleted: (message: string) => void;
}) {
  const remove = useDeleteRole(project);
  const holders = useRoleHolders(project, role?.id, access.can('members.read'));
  const count = holders.data?.length;
  return (
    <ConfirmDialog
      open={role !== null}
      title="Delete custom role"
      confirmLabel="Delete role"
      pendingLabel="Deleting…"
      danger
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : undefined}
      onCancel={() => {
        remove.reset();
        onClose();
      }}
      onConfirm={() => {
        if (!role) return;
        remove.mutate(role.id, {
          onSuccess: () => {
            onClose();
            onDeleted(`Deleted ${role.name}.`);
          },
        });
      }}
    >
      {role && (
        <>
          <strong className="text-text">{role.name}</strong> is deleted for good.{' '}
          {count === undefined
            ? 'Members holding it lose it, and the permissions it gives them.'
            : count === 0
              ? 'Nobody holds it now.'
              : `${count === 1 ? '1 member holds it and loses it' : `${count} members hold it and lose it`}, with the permissions it gives.`}{' '}
          Members left without any role stay in the project until you give them one.
        </>
      )}
    </ConfirmDialog>
  );
}
