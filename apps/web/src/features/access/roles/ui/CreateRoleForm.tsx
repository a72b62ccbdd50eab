import { CreateRoleRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../ui/Alert';
import { Button } from '../../../../ui/Button';
import { SelectField } from '../../../../ui/SelectField';
import { SubmitButton } from '../../../../ui/SubmitButton';
import { TextField } from '../../../../ui/TextField';
import type { Access } from '../../api/enforce';
import { formErrorsFrom, validate } from '../../../forms/form-errors';
import { useForm } from '../../../forms/use-form';
import { useCreateRole, type PermissionInfo, type Role } from '../api/roles';
import { holds } from '../holds';
import { inCatalogueOrder } from '../permission-groups';

/**
 * A new custom role: a name, what it is for, and the permissions of a role to start from. Only
 * permissions the caller holds can go into a role (the server refuses the others), so those are
 * left out, and the form says which.
 */
export function CreateRoleForm({
  project,
  roles,
  catalogue,
  access,
  onCreated,
  onCancel,
}: {
  project: string;
  roles: Role[];
  catalogue: PermissionInfo[];
  access: Access;
  onCreated: (role: Role) => void;
  onCancel: () => void;
}) {
  const create = useCreateRole(project);
  const { bindForm, ...form } = useForm({ name: '', description: '' });
  const [startFrom, setStartFrom] = useState('');
  const base = roles.find((r) => r.id === startFrom);
  const wanted = inCatalogueOrder(base?.permissions ?? [], catalogue);
  const permissions = wanted.filter((p) => holds(access, p));
  const leftOut = wanted.filter((p) => !holds(access, p));

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name: form.values.name, description: form.values.description, permissions };
    const checked = validate(CreateRoleRequest, input);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    create.mutate(
      { name: checked.data.name, description: checked.data.description ?? '', permissions },
      {
        onSuccess: (role) => onCreated(role),
        onError: (error) =>
          form.setErrors(
            formErrorsFrom(error, {
              fields: ['name', 'description'],
              codes: {
                ROLE_EXISTS: { field: 'name' },
                PERMISSION_NOT_HELD: (error as Error).message,
                FORBIDDEN: (error as Error).message,
              },
            }),
          ),
      },
    );
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} aria-label="New custom role" className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          {...form.field('name')}
          autoComplete="off"
          maxLength={60}
          placeholder="e.g. Support lead"
          required
        />
        <SelectField
          label="Start from"
          value={startFrom}
          onChange={(event) => setStartFrom(event.target.value)}
          hint={
            <>
              {base
                ? `Starts with the ${permissions.length} permissions of ${base.name} you can give.`
                : 'Starts with no permission.'}{' '}
              Tick or untick permissions in the table once it exists.
              {leftOut.length > 0 && (
                <span className="mt-1 block text-warning">
                  Left out, because you don&apos;t hold them: {leftOut.join(', ')}.
                </span>
              )}
            </>
          }
        >
          <option value="">No permissions</option>
          <optgroup label="Built-in roles">
            {roles
              .filter((r) => r.builtIn)
              .map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name}
                </option>
              ))}
          </optgroup>
          {roles.some((r) => !r.builtIn) && (
            <optgroup label="Custom roles">
              {roles
                .filter((r) => !r.builtIn)
                .map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
            </optgroup>
          )}
        </SelectField>
      </div>
      <TextField
        label="Description"
        {...form.field('description')}
        autoComplete="off"
        maxLength={280}
        placeholder="What people with this role do"
        hint="Optional. Shown beside the role wherever it can be chosen."
      />
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel="Creating…">
          Create role
        </SubmitButton>
      </div>
    </form>
  );
}
