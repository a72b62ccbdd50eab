import { ChangePasswordRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { useUser } from '../../features/accounts/api/session';
import { useChangePasswordMutation } from '../../features/accounts/api/change-password';
import { SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField } from '../../ui/TextField';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** `/settings/change-password` (route `account.settings.change-password`). */
export function ChangePasswordPage() {
  // A fresh form after each change: nothing of the old passwords stays in memory or on screen.
  const [round, setRound] = useState(0);
  return (
    <>
      <SettingsHeader
        title="Change password"
        description="Changing your password signs you out everywhere else: other browsers, phones and apps."
      />
      <ChangePasswordForm key={round} changed={round > 0} onChanged={() => setRound((r) => r + 1)} />
    </>
  );
}

function ChangePasswordForm({ changed, onChanged }: { changed: boolean; onChanged: () => void }) {
  const user = useUser();
  const change = useChangePasswordMutation();
  const { bindForm, ...form } = useForm({ current_password: '', password: '', password_confirmation: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    const checked = validate(ChangePasswordRequest, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      await change.mutateAsync(checked.data);
      onChanged();
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: FIELDS,
          codes: {
            INVALID_CREDENTIALS: { field: 'current_password', message: 'Your current password is incorrect.' },
            INVALID_PASSWORD: { field: 'current_password', message: 'Your current password is incorrect.' },
            WEAK_PASSWORD: { field: 'password' },
          },
        }),
      );
    }
  }

  return (
    <SettingsSection title="Your password" description="Use at least 8 characters. A long phrase is best.">
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-md gap-5">
        {changed && <Alert tone="success">Your password has been changed. Your other sessions were signed out.</Alert>}
        {/* Lets password managers update the right entry. */}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} hidden readOnly />
        <PasswordField label="Current password" autoComplete="current-password" {...form.field('current_password')} />
        <PasswordField label="New password" autoComplete="new-password" {...form.field('password')} />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <div>
          <SubmitButton pending={change.isPending} pendingLabel="Changing…" className="w-full xs:w-auto">
            Change password
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}
