import { ApiError } from '@wharf/client';
import { SetPasswordRequest } from '@wharf/contract';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, type FormEvent } from 'react';
import { usePlatform } from '../../app/platform';
import { useSearchParam } from '../../app/search';
import { useSession } from '../../features/accounts/api/session';
import { useSetPasswordMutation } from '../../features/accounts/api/set-password';
import { signedInDestination } from '../../features/accounts/redirect';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { ExpiredLink } from '../../features/accounts/ui/ExpiredLink';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Checkbox } from '../../ui/Checkbox';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField, TextField } from '../../ui/TextField';

const FIELDS = [
  'email',
  'password',
  'password_confirmation',
  'firstName',
  'lastName',
  'username',
  'signedEula',
] as const;

/**
 * `/set-password?token&email` (route `set-password`): the first password of an invited account,
 * or of the first administrator (the link the server prints on first start), with the profile.
 */
export function SetPasswordPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const session = useSession();
  const token = useSearchParam('token');
  const emailParam = useSearchParam('email');
  const destination = signedInDestination(useSearchParam('redirect'));
  const setPassword = useSetPasswordMutation();
  const { bindForm, ...form } = useForm({
    email: emailParam ?? '',
    password: '',
    password_confirmation: '',
    firstName: '',
    lastName: '',
    username: '',
    signedEula: false as boolean,
  });

  // Signed in by this form: on to the console.
  const signedIn = setPassword.isSuccess && session.data != null;
  useEffect(() => {
    if (signedIn) void navigate({ href: destination, replace: true });
  }, [signedIn, destination, navigate]);

  const expired = setPassword.error instanceof ApiError && setPassword.error.status === 404;
  if (!token || expired) {
    return (
      <ExpiredLink
        email={form.values.email || emailParam}
        title={token ? 'This link has expired or was already used' : 'This link is incomplete'}
        description="Set-password links work once. Ask for a new link and use the newest email."
      />
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (setPassword.isPending) return;
    const { signedEula, firstName, lastName, username, ...rest } = form.values;
    if (!signedEula) {
      const checked = validate(SetPasswordRequest, { token, ...rest });
      return form.setErrors({
        fields: {
          ...(checked.ok ? {} : checked.errors.fields),
          signedEula: 'Agree to the terms to continue.',
        },
      });
    }
    const checked = validate(SetPasswordRequest, {
      token,
      ...rest,
      signedEula,
      ...(firstName.trim() ? { firstName } : {}),
      ...(lastName.trim() ? { lastName } : {}),
      ...(username.trim() ? { username } : {}),
    });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      await setPassword.mutateAsync(checked.data);
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: FIELDS,
          codes: {
            WEAK_PASSWORD: { field: 'password' },
            USERNAME_TAKEN: { field: 'username' },
          },
        }),
      );
    }
  }

  return (
    <AuthCard
      title={`Welcome to ${platform.name}`}
      description="Choose a password and tell us your name to finish setting up your account."
    >
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
          readOnly={Boolean(emailParam)}
        />
        <div className="grid gap-5 xs:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} autoFocus />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="Optional. 3 to 32 letters, digits, dots, dashes or underscores."
          {...form.field('username')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...form.field('password')}
        />
        <PasswordField label="Confirm password" autoComplete="new-password" {...form.field('password_confirmation')} />
        <Checkbox
          label={`I agree to the ${platform.name} terms of service`}
          name="signedEula"
          checked={form.values.signedEula}
          onChange={(e) => form.setValue('signedEula', e.target.checked)}
          error={form.errors.fields.signedEula}
        />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <SubmitButton pending={setPassword.isPending} pendingLabel="Saving…" className="w-full">
          Set password and continue
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
