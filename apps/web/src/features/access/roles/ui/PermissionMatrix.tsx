import { useId, useState } from 'react';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { cx } from '../../../../ui/cx';
import { Tag } from '../../../../ui/Tag';
import type { Access } from '../../api/enforce';
import { deniedReason } from '../../ui/Denied';
import { errorMessage } from '../../../forms/form-errors';
import { useUpdateRole, type PermissionInfo, type Role } from '../api/roles';
import { groupPermissions, inCatalogueOrder } from '../permission-groups';
import { holds } from '../holds';

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((x) => set.has(x));
}

interface PermissionMatrixProps {
  project: string;
  /** Columns, in order (built-in first). */
  roles: Role[];
  /** Rows: the permission catalogue. */
  catalogue: PermissionInfo[];
  access: Access;
  onSaved: (message: string) => void;
  onDelete: (role: Role) => void;
}

/**
 * Which role grants which permission: rows are the catalogue grouped by area, columns the roles.
 * Built-in columns are read-only; a custom column is edited with its checkboxes and saved on its own
 * (one PATCH per role, with the whole new set). On a narrow screen the table scrolls sideways and
 * the permission column stays.
 */
export function PermissionMatrix({ project, roles, catalogue, access, onSaved, onDelete }: PermissionMatrixProps) {
  const [drafts, setDrafts] = useState<Record<string, string[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateRole(project);
  const [saving, setSaving] = useState<string | null>(null);
  const lockedNoteId = useId();
  const manageNoteId = useId();
  const groups = groupPermissions(catalogue);
  const canManage = access.can('roles.manage');
  const someLocked = canManage && catalogue.some((p) => !holds(access, p.key));

  const draftOf = (role: Role) => drafts[role.id] ?? role.permissions;
  const isDirty = (role: Role) => drafts[role.id] !== undefined && !sameSet(drafts[role.id]!, role.permissions);
  /** Permissions a custom role holds that the caller doesn't: the server refuses any change to it. */
  const beyondCaller = (role: Role) => role.permissions.filter((p) => !holds(access, p));

  function toggle(role: Role, permission: string, on: boolean) {
    const current = new Set(draftOf(role));
    if (on) current.add(permission);
    else current.delete(permission);
    setDrafts((all) => ({ ...all, [role.id]: inCatalogueOrder(current, catalogue) }));
  }

  function discard(role: Role) {
    setDrafts(({ [role.id]: _, ...rest }) => rest);
    setErrors(({ [role.id]: _, ...rest }) => rest);
  }

  function save(role: Role) {
    const permissions = inCatalogueOrder(draftOf(role), catalogue);
    setSaving(role.id);
    setErrors(({ [role.id]: _, ...rest }) => rest);
    update.mutate(
      { role: role.id, permissions },
      {
        onSuccess: (saved) => {
          setDrafts(({ [role.id]: _, ...rest }) => rest);
          onSaved(`Saved ${saved.name}: ${saved.permissions.length} permissions.`);
        },
        onError: (error) => setErrors((all) => ({ ...all, [role.id]: errorMessage(error) })),
        onSettled: () => setSaving(null),
      },
    );
  }

  const dirtyRoles = roles.filter(isDirty);
  const failed = roles.filter((r) => errors[r.id]);

  return (
    // min-w-0 all the way down: a grid item would otherwise grow to the table's width and widen the page.
    <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-3">
      {!canManage && (
        <p id={manageNoteId} className="rounded-lg bg-warning-soft px-3.5 py-3 text-sm text-warning">
          You can see the roles but not change them. {deniedReason(['roles.manage'])}
        </p>
      )}
      {someLocked && (
        <p id={lockedNoteId} className="text-sm text-muted">
          Permissions you don&apos;t hold yourself are locked: nobody can give more than they have.
        </p>
      )}
      {failed.map((role) => (
        <Alert key={role.id} tone="danger" title={`${role.name} was not saved`}>
          {errors[role.id]}
        </Alert>
      ))}
      {dirtyRoles.length > 0 && (
        <p className="text-sm text-warning" aria-live="polite">
          Unsaved changes: {dirtyRoles.map((r) => r.name).join(', ')}.
        </p>
      )}
      <div className="relative min-w-0 overflow-x-auto rounded-xl border border-border bg-surface shadow-xs">
        <table aria-label="Permissions by role" className="w-full border-separate border-spacing-0 text-sm">
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 z-[1] min-w-[11rem] border-r border-b border-border bg-surface px-3 py-3 text-left align-bottom text-sm font-medium text-muted sm:min-w-[14rem]"
              >
                Permission
              </th>
              {roles.map((role) => (
                <RoleHeader
                  key={role.id}
                  role={role}
                  canManage={canManage}
                  dirty={isDirty(role)}
                  saving={saving === role.id}
                  busy={saving !== null}
                  beyond={role.builtIn ? [] : beyondCaller(role)}
                  onSave={() => save(role)}
                  onDiscard={() => discard(role)}
                  onDelete={() => onDelete(role)}
                />
              ))}
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.area}>
              <tr>
                <th
                  scope="rowgroup"
                  colSpan={roles.length + 1}
                  className="border-b border-border bg-surface-raised px-0 py-1.5 text-left text-sm font-medium text-muted"
                >
                  <span className="sticky left-0 px-3">{group.label}</span>
                </th>
              </tr>
              {group.permissions.map((permission) => (
                <tr key={permission.key} className="group">
                  <th
                    scope="row"
                    className="sticky left-0 z-[1] border-r border-b border-border bg-surface px-3 py-2 text-left font-normal group-hover:bg-surface-raised"
                  >
                    <code className="font-mono text-xs font-semibold text-text">{permission.key}</code>
                    <span className="mt-0.5 block text-xs text-muted">{permission.description}</span>
                  </th>
                  {roles.map((role) => {
                    const granted = draftOf(role).includes(permission.key);
                    if (role.builtIn) {
                      return (
                        <td
                          key={role.id}
                          className="border-b border-border px-3 py-2 text-center group-hover:bg-surface-raised"
                        >
                          <span aria-hidden="true" className={granted ? 'font-semibold text-success' : 'text-muted'}>
                            {granted ? '✓' : '–'}
                          </span>
                          <span className="sr-only">{granted ? 'Granted' : 'Not granted'}</span>
                        </td>
                      );
                    }
                    const lockedByCaller = !holds(access, permission.key);
                    const disabled =
                      !canManage || lockedByCaller || beyondCaller(role).length > 0 || saving === role.id;
                    const changed = granted !== role.permissions.includes(permission.key);
                    return (
                      <td
                        key={role.id}
                        className={cx(
                          'border-b border-border px-3 py-2 text-center group-hover:bg-surface-raised',
                          changed && 'bg-warning-soft group-hover:bg-warning-soft',
                        )}
                      >
                        <input
                          type="checkbox"
                          className="size-4 accent-primary disabled:cursor-not-allowed"
                          aria-label={`${permission.key} for ${role.name}`}
                          checked={granted}
                          disabled={disabled}
                          aria-describedby={
                            !canManage ? manageNoteId : lockedByCaller && someLocked ? lockedNoteId : undefined
                          }
                          onChange={(event) => toggle(role, permission.key, event.target.checked)}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}

function RoleHeader({
  role,
  canManage,
  dirty,
  saving,
  busy,
  beyond,
  onSave,
  onDiscard,
  onDelete,
}: {
  role: Role;
  canManage: boolean;
  dirty: boolean;
  saving: boolean;
  /** Some role is being saved: one save at a time. */
  busy: boolean;
  beyond: string[];
  onSave: () => void;
  onDiscard: () => void;
  onDelete: () => void;
}) {
  return (
    <th
      scope="col"
      className={cx(
        'border-b border-border px-2 py-3 text-center align-bottom font-normal',
        role.builtIn ? 'min-w-[5.5rem]' : 'min-w-[8.5rem]',
      )}
      title={role.description || undefined}
    >
      <span className="block font-semibold break-words">{role.name}</span>
      <span className="mt-1 flex flex-wrap justify-center gap-1">
        {role.builtIn ? <Tag>Built-in</Tag> : <Tag tone="primary">Custom</Tag>}
        {dirty && <Tag tone="warning">Unsaved</Tag>}
      </span>
      {!role.builtIn && canManage && (
        <span className="mt-2 flex flex-wrap justify-center gap-1">
          {beyond.length > 0 ? (
            <span className="text-xs text-muted">Locked: it holds {beyond.join(', ')}, which you don&apos;t.</span>
          ) : (
            <>
              <Button
                size="small"
                onClick={onSave}
                disabled={!dirty || busy}
                aria-busy={saving || undefined}
                aria-label={`Save ${role.name}`}
              >
                {saving ? 'Saving…' : 'Save'}
              </Button>
              {dirty && !saving && (
                <Button size="small" variant="ghost" onClick={onDiscard} aria-label={`Discard changes to ${role.name}`}>
                  Discard
                </Button>
              )}
              <Button
                size="small"
                variant="ghost"
                className="text-danger!"
                onClick={onDelete}
                disabled={saving}
                aria-label={`Delete ${role.name}`}
              >
                Delete
              </Button>
            </>
          )}
        </span>
      )}
    </th>
  );
}
