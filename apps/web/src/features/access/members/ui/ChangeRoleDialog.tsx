import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { FormDialog } from '../../../../ui/FormDialog';
import { Loading } from '../../../../ui/Loading';
import { SelectField } from '../../../../ui/SelectField';
import { SubmitButton } from '../../../../ui/SubmitButton';
import type { Access } from '../../api/enforce';
import { deniedReason } from '../../ui/Denied';
import { errorMessage } from '../../../forms/form-errors';
import type { Role } from '../../roles/api/roles';
import { RoleOptions, roleChoices, type RoleChoice } from '../../roles/ui/RoleOptions';
import { permissionForPlan, planRoleChange, useChangeRole } from '../api/change-role';
import { useAssignableRoles, useHeldRoles, type Member } from '../api/members';
import { memberLabel, memberName } from '../format';

interface ChangeRoleDialogProps {
  project: string;
  /** The member whose role changes; null when the dialog is closed. */
  member: Member | null;
  access: Access;
  onClose: () => void;
  /** Called with what changed, for the page to announce. */
  onChanged: (message: string) => void;
}

/** Gives a member one role instead of the ones they hold: the built-in and custom roles the caller may give. */
export function ChangeRoleDialog({ project, member, access, onClose, onChanged }: ChangeRoleDialogProps) {
  const change = useChangeRole(project);
  const close = () => {
    change.reset();
    onClose();
  };
  return (
    <FormDialog
      open={member !== null}
      title="Change role"
      description={member ? memberLabel(member.user) : undefined}
      onClose={close}
      busy={change.isPending}
    >
      {member && (
        <ChangeRoleForm
          key={member.user.id}
          project={project}
          member={member}
          access={access}
          change={change}
          onCancel={close}
          onDone={(message) => {
            close();
            onChanged(message);
          }}
        />
      )}
    </FormDialog>
  );
}

function ChangeRoleForm({
  project,
  member,
  access,
  change,
  onCancel,
  onDone,
}: {
  project: string;
  member: Member;
  access: Access;
  change: ReturnType<typeof useChangeRole>;
  onCancel: () => void;
  onDone: (message: string) => void;
}) {
  const name = memberName(member.user);
  const held = useHeldRoles(project, member.user.id);
  const assignable = useAssignableRoles(project, member.user.id);
  const [choice, setChoice] = useState<string | null>(null);

  if (held.isPending || assignable.isPending) return <Loading label="Loading roles…" />;
  if (held.isError || assignable.isError) {
    return (
      <>
        <Alert tone="danger" title="The roles could not be loaded">
          {errorMessage(held.error ?? assignable.error)}
        </Alert>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onCancel}>
            Close
          </Button>
        </div>
      </>
    );
  }

  const current = held.data;
  // The same list the invite form offers: built-in roles, then the project's custom roles.
  const choices = roleChoices(assignable.data);
  const options = choices.flatMap((c) => (c.role ? [c.role] : []));
  const assignableIds = new Set(options.map((r) => r.id));
  // Taking a role needs the same right as giving it: a role beyond the caller's stays where it is.
  const untouchable = current.filter((r) => !assignableIds.has(r.id));
  const selectedId = choice ?? (current.length === 1 && assignableIds.has(current[0]!.id) ? current[0]!.id : '');
  const selected = options.find((r) => r.id === selectedId);

  /** Why a role cannot be chosen here, if it can't: the calls it takes need a permission the caller lacks. */
  const refusal = (role: Role): string | undefined => {
    const needed = permissionForPlan(planRoleChange(current, role));
    return access.can(needed) ? undefined : needed;
  };
  const plan = selected ? planRoleChange(current, selected) : [];
  const selectedRefusal = selected ? refusal(selected) : undefined;
  const unchanged = selected !== undefined && plan.length === 0;
  const blocked = untouchable.length > 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!selected || blocked || unchanged || selectedRefusal || change.isPending) return;
    change.mutate(
      { user: member.user.id, steps: plan },
      { onSuccess: () => onDone(`${name} is now ${selected.name}.`) },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <p className="text-sm text-muted">
        {current.length === 0 ? (
          <>{name} holds no role yet.</>
        ) : (
          <>
            Now: <strong className="font-semibold text-text">{current.map((r) => r.name).join(', ')}</strong>
            {current.length > 1 && '. The role you choose replaces all of them.'}
          </>
        )}
      </p>
      {blocked ? (
        <Alert tone="warning" title="You can't change this member's roles">
          {name} holds {untouchable.map((r) => r.name).join(', ')}, which gives permissions you don't hold yourself.
          Only someone who holds them can take that role away.
        </Alert>
      ) : options.length === 0 ? (
        <Alert tone="warning">There is no role you can give: every role includes permissions you don't hold.</Alert>
      ) : (
        <SelectField
          label="New role"
          value={selectedId}
          onChange={(event) => {
            setChoice(event.target.value);
            change.reset();
          }}
          hint={
            selectedRefusal ? (
              <span className="text-warning">{deniedReason([selectedRefusal])}</span>
            ) : selected ? (
              <>
                {selected.description || `${selected.permissions.length} permissions.`}
                {unchanged && ` ${name} already holds this role.`}
              </>
            ) : (
              'Built-in roles are the same in every project; custom roles are this project’s own.'
            )
          }
        >
          {selectedId === '' && (
            <option value="" disabled>
              Choose a role…
            </option>
          )}
          <RoleOptions
            choices={choices}
            valueOf={(choice: RoleChoice) => choice.role?.id ?? choice.key}
            refusalOf={(choice: RoleChoice) => (choice.role ? refusal(choice.role) : undefined)}
          />
        </SelectField>
      )}
      {change.isError && <Alert tone="danger">{errorMessage(change.error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={change.isPending}>
          Cancel
        </Button>
        <SubmitButton
          pending={change.isPending}
          pendingLabel="Saving…"
          disabled={!selected || blocked || unchanged || selectedRefusal !== undefined}
        >
          Save role
        </SubmitButton>
      </div>
    </form>
  );
}
