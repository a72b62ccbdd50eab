import { ApiError } from '@wharf/client';
import { CreateInviteRequest } from '@wharf/contract';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../../ui/Alert';
import { SelectField } from '../../../../ui/SelectField';
import { SubmitButton } from '../../../../ui/SubmitButton';
import { TextField } from '../../../../ui/TextField';
import { deniedReason } from '../../ui/Denied';
import { useUser } from '../../../accounts/api/session';
import { formErrorsFrom, validate } from '../../../forms/form-errors';
import { useForm } from '../../../forms/use-form';
import { useAssignableRoles } from '../../members/api/members';
import { relativeTime } from '../../members/format';
import { roleName } from '../../roles/role-labels';
import { RoleOptions, roleChoices } from '../../roles/ui/RoleOptions';
import { useCreateInvite } from '../api/invites';

/**
 * Invite someone by email with a role: the same list Change role offers (ui/RoleOptions), the
 * built-in roles and the project's custom ones. Only roles the inviter could give can be chosen
 * (with `members.read` the console asks which; the server refuses the others anyway).
 */
export function InviteForm({
  project,
  canInvite,
  canReadMembers,
}: {
  project: string;
  canInvite: boolean;
  canReadMembers: boolean;
}) {
  const me = useUser();
  const create = useCreateInvite(project);
  const assignable = useAssignableRoles(project, me?.id, canInvite && canReadMembers);
  const { bindForm, ...form } = useForm({ email: '', role: 'member' });
  const [sent, setSent] = useState<string | null>(null);
  const reasonId = useId();

  const choices = roleChoices(assignable.data);
  const selected = choices.find((c) => c.key === form.values.role)?.role;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSent(null);
    const checked = validate(CreateInviteRequest, { email: form.values.email.trim(), role: form.values.role });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    const { email, role } = checked.data;
    create.mutate(
      { email, role },
      {
        onSuccess: (invite) => {
          setSent(
            `Invitation sent to ${invite.email} as ${roleName(invite.role, assignable.data)}. It expires ${relativeTime(invite.expiresAt)}.`,
          );
          form.setValue('email', '');
        },
        onError: (error) => {
          const errors = formErrorsFrom(error, {
            fields: ['email', 'role'],
            codes: {
              // The server's message names the address, which the client's message cleaning garbles.
              ALREADY_MEMBER: { field: 'email', message: `${email} is already a member of this project.` },
              ROLE_NOT_ASSIGNABLE: { field: 'role' },
              ROLE_NOT_FOUND: { field: 'role' },
            },
          });
          // Any other refusal (403: not allowed here) says why in the server's words.
          if (error instanceof ApiError && error.status === 403 && Object.keys(errors.fields).length === 0)
            errors.message = error.message;
          form.setErrors(errors);
        },
      },
    );
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} aria-label="Invite someone" className="grid gap-4">
      <fieldset disabled={!canInvite} aria-describedby={canInvite ? undefined : reasonId} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="grace@example.com"
            {...form.field('email')}
          />
          <SelectField
            label="Role"
            name="role"
            value={form.values.role}
            onChange={(event) => form.setValue('role', event.target.value)}
            error={form.errors.fields.role}
            hint={selected?.description}
          >
            <RoleOptions choices={choices} valueOf={(choice) => choice.key} />
          </SelectField>
        </div>
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        {sent && <Alert tone="success">{sent}</Alert>}
        <div className="flex flex-wrap items-center justify-end gap-3">
          {!canInvite && (
            <p id={reasonId} className="mr-auto text-xs text-muted">
              {deniedReason(['invites.manage'])}
            </p>
          )}
          <SubmitButton pending={create.isPending} pendingLabel="Sending…" className="max-sm:w-full">
            Send invite
          </SubmitButton>
        </div>
      </fieldset>
    </form>
  );
}
