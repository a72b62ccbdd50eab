import { ApiError } from '@wharf/client';
import { CreateAuthKeyRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../../ui/Alert';
import { SubmitButton } from '../../../../ui/SubmitButton';
import { TextField } from '../../../../ui/TextField';
import type { Access } from '../../api/enforce';
import { formErrorsFrom, validate, type FormErrors } from '../../../forms/form-errors';
import { useForm } from '../../../forms/use-form';
import type { PermissionInfo } from '../../roles/api/roles';
import { holds } from '../../roles/holds';
import { inCatalogueOrder } from '../../roles/permission-groups';
import { useCreateAuthKey, type CreatedAuthKey } from '../api/auth-keys';
import { PermissionChecklist } from './PermissionChecklist';

/** A new API key: a name saying what uses it, and the permissions it carries (at most the maker's). */
export function CreateKeyForm({
  project,
  catalogue,
  access,
  disabled,
  onCreated,
}: {
  project: string;
  catalogue: PermissionInfo[];
  access: Access;
  disabled: boolean;
  onCreated: (created: CreatedAuthKey) => void;
}) {
  const create = useCreateAuthKey(project);
  const { bindForm, ...form } = useForm({ name: '' });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [permissionsError, setPermissionsError] = useState<string | undefined>(undefined);

  /** The checklist shows its own error (choosing answers it); the rest goes to the form. */
  function showErrors(errors: FormErrors) {
    const { permissions, ...fields } = errors.fields;
    setPermissionsError(permissions);
    form.setErrors({ ...errors, fields });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = { name: form.values.name, permissions: inCatalogueOrder(selected, catalogue) };
    const checked = validate(CreateAuthKeyRequest, input);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    form.clearErrors();
    setPermissionsError(undefined);
    create.mutate(checked.data, {
      onSuccess: (created) => {
        // The secret goes to the panel that shows it once, and is dropped from the mutation's state.
        create.reset();
        form.setValue('name', '');
        setSelected(new Set());
        onCreated(created);
      },
      onError: (error) => {
        const errors = formErrorsFrom(error, {
          fields: ['name', 'permissions'],
          codes: { ROLE_NOT_ASSIGNABLE: { field: 'permissions' } },
        });
        if (error instanceof ApiError && error.status === 403 && Object.keys(errors.fields).length === 0)
          errors.message = error.message;
        showErrors(errors);
      },
    });
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} aria-label="Create an API key" className="grid gap-5">
      <fieldset disabled={disabled} className="grid gap-5">
        <TextField
          label="Name"
          placeholder="e.g. Warehouse sync"
          autoComplete="off"
          maxLength={100}
          hint="Say what uses the key, so you know what breaks if you revoke it."
          className="sm:max-w-md"
          {...form.field('name')}
        />
        <PermissionChecklist
          catalogue={catalogue}
          selected={selected}
          onChange={(next) => {
            setSelected(next);
            setPermissionsError(undefined);
          }}
          locked={(permission) => !holds(access, permission)}
          lockedReason="Greyed-out permissions are ones you don't hold yourself: a key never carries more than the person who makes it."
          error={permissionsError}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <div className="flex justify-end">
          <SubmitButton pending={create.isPending} pendingLabel="Creating…" className="max-sm:w-full">
            Create key
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
