import type { User } from '@wharf/contract';
import { UpdateUserRequest } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { useSendVerificationEmailMutation } from '../../features/accounts/api/send-verification-email';
import { useUpdateUserMutation, type UpdateUserBody } from '../../features/accounts/api/update-user';
import { Badge, SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { linkClasses } from '../../features/accounts/ui/AuthCard';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const FIELDS = ['username', 'firstName', 'lastName', 'email', 'avatar'] as const;
type ProfileValues = Record<(typeof FIELDS)[number], string>;

function valuesOf(user: User): ProfileValues {
  return {
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    avatar: user.avatar ?? '',
  };
}

/** `/settings` (route `account.settings`): the profile and the email address's verification. */
export function SettingsPage() {
  const user = useUser();
  if (!user) return null;
  return (
    <>
      <SettingsHeader title="Account settings" description="Your profile, as the people you work with see it." />
      <div className="grid gap-6">
        <ProfileForm key={user.id} user={user} />
        <EmailVerification user={user} />
        <SecuritySummary user={user} />
      </div>
    </>
  );
}

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateUserMutation();
  const { bindForm, ...form } = useForm(valuesOf(user));
  const [saved, setSaved] = useState<'saved' | 'unchanged' | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    setSaved(null);
    const before = valuesOf(user);
    const changed = FIELDS.filter((name) => form.values[name].trim() !== before[name]);
    if (changed.length === 0) {
      form.clearErrors();
      return setSaved('unchanged');
    }
    // Cleared optional fields are saved as "none" (null); the email is never empty.
    const body: Record<string, string | null> = {};
    for (const name of changed) {
      const value = form.values[name].trim();
      body[name] = value === '' && name !== 'email' ? null : value;
    }
    const checked = validate(UpdateUserRequest, body);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      await update.mutateAsync(checked.data as UpdateUserBody);
      setSaved('saved');
    } catch (error) {
      form.setErrors(
        formErrorsFrom(error, {
          fields: FIELDS,
          codes: {
            EMAIL_TAKEN: { field: 'email', message: 'Another account already uses this email.' },
            USERNAME_TAKEN: { field: 'username', message: 'This username is taken.' },
          },
        }),
      );
    }
  }

  const avatar = form.values.avatar.trim();
  return (
    <SettingsSection title="Profile" description="Your name and picture appear in projects, chat and audit logs.">
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="First name" autoComplete="given-name" {...form.field('firstName')} />
          <TextField label="Last name" autoComplete="family-name" {...form.field('lastName')} />
        </div>
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="3 to 32 letters, digits, dots, dashes or underscores."
          {...form.field('username')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
        />
        <div className="flex items-end gap-4">
          <TextField
            label="Avatar URL"
            type="url"
            inputMode="url"
            autoComplete="photo"
            placeholder="https://…"
            className="min-w-0 flex-1"
            {...form.field('avatar')}
          />
          {avatar.startsWith('https://') && !form.errors.fields.avatar && (
            <img
              src={avatar}
              alt="Avatar preview"
              className="mb-0.5 size-11 shrink-0 rounded-full border border-border object-cover"
            />
          )}
        </div>
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        {saved === 'saved' && <Alert tone="success">Profile saved.</Alert>}
        {saved === 'unchanged' && <Alert tone="info">Nothing to save: your profile is up to date.</Alert>}
        <div>
          <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full xs:w-auto">
            Save changes
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}

function EmailVerification({ user }: { user: User }) {
  const send = useSendVerificationEmailMutation();
  return (
    <SettingsSection
      title="Email address"
      description={
        <>
          <span className="font-medium text-text">{user.email}</span>
          {user.emailVerified ? ' is verified.' : ' is not verified yet. Verify it to receive invoices and alerts.'}
        </>
      }
      aside={user.emailVerified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
    >
      {user.emailVerified ? (
        <p className="text-sm text-muted">Invoices, alerts and password resets are sent to this address.</p>
      ) : (
        <div className="grid gap-4">
          {send.isSuccess && (
            <Alert tone="success">
              We&apos;ve sent a verification link to {user.email}. Open it on any device to verify the address.
            </Alert>
          )}
          {send.isError && <Alert tone="danger">{formErrorsFrom(send.error).message}</Alert>}
          <div>
            <Button
              variant="secondary"
              className="w-full xs:w-auto"
              onClick={() => send.mutate()}
              disabled={send.isPending}
            >
              {send.isPending ? 'Sending…' : send.isSuccess ? 'Send again' : 'Send verification email'}
            </Button>
          </div>
        </div>
      )}
    </SettingsSection>
  );
}

function SecuritySummary({ user }: { user: User }) {
  return (
    <SettingsSection
      title="Sign-in security"
      description="A code from an authenticator app, asked for after your password, keeps your account safe if your password leaks."
      aside={user.twoFactorEnabled ? <Badge tone="success">2FA on</Badge> : <Badge tone="muted">2FA off</Badge>}
    >
      <p className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        <Link to={pathOf('account.settings.2fa.setup-authenticator')} className={linkClasses}>
          {user.twoFactorEnabled ? 'Set up a new authenticator' : 'Turn on two-factor authentication'}
        </Link>
        <Link to={pathOf('account.settings.change-password')} className={linkClasses}>
          Change password
        </Link>
      </p>
    </SettingsSection>
  );
}
