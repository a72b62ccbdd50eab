import { ApiError } from '@wharf/client';
import { ResetPasswordRequest } from '@wharf/contract';
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { useResetPasswordMutation } from '../../features/accounts/api/reset-password';
import { useResetPasswordLinkQuery } from '../../features/accounts/api/reset-password-link';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { ExpiredLink } from '../../features/accounts/ui/ExpiredLink';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Loading } from '../../ui/Loading';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField, TextField } from '../../ui/TextField';

/** `/reset-password?token&email` (route `reset-password`): a new password from a mailed link. */
export function ResetPasswordPage() {
  const token = useSearchParam('token');
  const emailParam = useSearchParam('email');
  const link = useResetPasswordLinkQuery(token);

  if (!token) return <ExpiredLink email={emailParam} title="This reset link is incomplete" />;
  if (link.isPending) {
    return (
      <AuthCard title="Reset your password">
        <Loading label="Checking your link…" inCard />
      </AuthCard>
    );
  }
  if (link.isError) {
    if (link.error instanceof ApiError && link.error.status === 404) return <ExpiredLink email={emailParam} />;
    // A token the server refuses as malformed (cut short when the mail was copied) is a broken link too.
    if (link.error instanceof ApiError && link.error.status === 400) {
      return <ExpiredLink email={emailParam} title="This reset link is incomplete" />;
    }
    return (
      <AuthCard title="Reset your password">
        <Alert tone="danger">{formErrorsFrom(link.error).message}</Alert>
      </AuthCard>
    );
  }
  return <ResetForm token={token} email={link.data.email} />;
}

function ResetForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate();
  const reset = useResetPasswordMutation();
  const { bindForm, ...form } = useForm({ password: '', password_confirmation: '' });

  if (reset.error instanceof ApiError && reset.error.status === 404) return <ExpiredLink email={email} />;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending) return;
    const checked = validate(ResetPasswordRequest, { token, email, ...form.values });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      await reset.mutateAsync(checked.data);
      await navigate({ to: pathOf('login'), search: { email, notice: 'password-reset' } });
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: ['password', 'password_confirmation'],
          codes: { WEAK_PASSWORD: { field: 'password' } },
        }),
      );
    }
  }

  return (
    <AuthCard title="Choose a new password" description="Other devices signed in to this account will be signed out.">
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        {/* Password managers file the new password under this address. */}
        <TextField label="Email" type="email" name="email" autoComplete="email" value={email} readOnly />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...form.field('password')}
          autoFocus
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...form.field('password_confirmation')}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <SubmitButton pending={reset.isPending} pendingLabel="Saving…" className="w-full">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
