import { ApiError } from '@wharf/client';
import { TwoFactorSetupRequest } from '@wharf/contract';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useConfirmPasswordMutation } from '../../features/accounts/api/confirm-password';
import { useSetupTwoFactorMutation } from '../../features/accounts/api/setup-two-factor';
import { useTwoFactorSecretQuery } from '../../features/accounts/api/two-factor-secret';
import { Badge, SettingsHeader, SettingsSection } from '../../features/accounts/ui/SettingsSection';
import { useUser } from '../../features/accounts/api/session';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { CopyButton } from '../../ui/CopyButton';
import { Loading } from '../../ui/Loading';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField, TextField } from '../../ui/TextField';

type Stage = 'status' | 'confirm' | 'scan' | 'codes';

/**
 * `/settings/two-factor-authentication/setup-authenticator` (route
 * `account.settings.2fa.setup-authenticator`): confirm the password, scan the secret, prove it
 * with a code, then keep the ten recovery codes (shown this once).
 */
export function TwoFactorSetupPage() {
  const user = useUser();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(() => (user?.twoFactorEnabled ? 'status' : 'confirm'));
  const [recoveryCodes, setRecoveryCodes] = useState<string[]>([]);
  const [confirmationLapsed, setConfirmationLapsed] = useState(false);
  if (!user) return null;

  return (
    <>
      <SettingsHeader
        title="Two-factor authentication"
        description="After your password, sign-in asks for a 6-digit code from an authenticator app on your phone (Google Authenticator, 1Password, Authy, …)."
      />
      {stage === 'status' && (
        <SettingsSection
          title="Authenticator app"
          description="Two-factor authentication is on. Setting up a new authenticator replaces the current one and gives you new recovery codes."
          aside={<Badge tone="success">On</Badge>}
        >
          <Button variant="secondary" onClick={() => setStage('confirm')}>
            Set up a new authenticator
          </Button>
        </SettingsSection>
      )}
      {stage === 'confirm' && (
        <ConfirmPassword
          lapsed={confirmationLapsed}
          onConfirmed={() => {
            setConfirmationLapsed(false);
            setStage('scan');
          }}
        />
      )}
      {stage === 'scan' && (
        <ScanSecret
          onEnabled={(codes) => {
            setRecoveryCodes(codes);
            setStage('codes');
          }}
          onConfirmationLapsed={() => {
            setConfirmationLapsed(true);
            setStage('confirm');
          }}
        />
      )}
      {stage === 'codes' && (
        <RecoveryCodes
          codes={recoveryCodes}
          email={user.email}
          onDone={() => void navigate({ to: pathOf('account.settings') })}
        />
      )}
    </>
  );
}

function ConfirmPassword({ lapsed, onConfirmed }: { lapsed: boolean; onConfirmed: () => void }) {
  const user = useUser();
  const confirm = useConfirmPasswordMutation();
  const { bindForm, ...form } = useForm({ password: '' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (confirm.isPending) return;
    if (form.values.password === '') return form.setErrors({ fields: { password: 'Enter your password.' } });
    form.clearErrors();
    try {
      await confirm.mutateAsync(form.values.password);
      onConfirmed();
    } catch (error) {
      const wrong = error instanceof ApiError && (error.status === 401 || error.status === 422);
      form.setErrors(
        wrong && !error.errors?.length
          ? { fields: { password: 'That password is incorrect.' } }
          : formErrorsFrom(error, { fields: ['password'] }),
      );
    }
  }

  return (
    <SettingsSection
      title="Step 1 of 3: Confirm it's you"
      description="Enter your password before changing how you sign in."
    >
      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="grid max-w-md gap-5">
        {lapsed && (
          <Alert tone="warning">That took a while, so we need your password again before turning two-factor on.</Alert>
        )}
        <input type="text" name="username" autoComplete="username" value={user?.email ?? ''} hidden readOnly />
        <PasswordField label="Password" autoComplete="current-password" {...form.field('password')} autoFocus />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <div>
          <SubmitButton pending={confirm.isPending} pendingLabel="Checking…" className="w-full xs:w-auto">
            Continue
          </SubmitButton>
        </div>
      </form>
    </SettingsSection>
  );
}

/** The secret in groups of four for reading aloud or typing; the element's text stays the raw secret. */
function GroupedSecret({ secret }: { secret: string }) {
  const groups = secret.match(/.{1,4}/g) ?? [];
  return (
    <code
      data-testid="totp-secret"
      className="flex flex-wrap gap-x-2 gap-y-1 font-mono text-sm font-semibold tracking-wider break-all"
    >
      {groups.map((group, index) => (
        <span key={index}>{group}</span>
      ))}
    </code>
  );
}

function ScanSecret({
  onEnabled,
  onConfirmationLapsed,
}: {
  onEnabled: (codes: string[]) => void;
  /** The server wants the password again (the confirmation is only good for a few minutes). */
  onConfirmationLapsed: () => void;
}) {
  const [attempt, setAttempt] = useState(0);
  const secret = useTwoFactorSecretQuery(true, attempt);
  const setup = useSetupTwoFactorMutation();
  const { bindForm, ...form } = useForm({ one_time_password: '' });

  if (secret.isPending) {
    return (
      <SettingsSection title="Step 2 of 3: Scan the code">
        <Loading label="Making a new secret…" inCard />
      </SettingsSection>
    );
  }
  if (secret.isError) {
    return (
      <SettingsSection title="Step 2 of 3: Scan the code">
        <Alert tone="danger">{formErrorsFrom(secret.error).message}</Alert>
        <Button variant="secondary" className="mt-4" onClick={() => setAttempt((a) => a + 1)}>
          Try again
        </Button>
      </SettingsSection>
    );
  }

  const { secret: key, otpauthUrl, qrCodeSvg } = secret.data;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (setup.isPending) return;
    const code = form.values.one_time_password.replace(/\s+/g, '');
    const checked = validate(TwoFactorSetupRequest, { secret: key, one_time_password: code });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    try {
      const { recoveryCodes } = await setup.mutateAsync(checked.data);
      onEnabled(recoveryCodes);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PASSWORD_CONFIRMATION_REQUIRED') return onConfirmationLapsed();
      const errors = formErrorsFrom(error, { fields: ['one_time_password'] });
      // A refused code is the code's fault: say so beside it.
      const refused = error instanceof ApiError && [400, 401, 422].includes(error.status);
      form.setErrors(
        refused && errors.message && Object.keys(errors.fields).length === 0
          ? { fields: { one_time_password: errors.message } }
          : errors,
      );
    }
  }

  return (
    <SettingsSection
      title="Step 2 of 3: Scan the code"
      description="In your authenticator app, add an account and scan this QR code. Can't scan? Enter the key by hand."
    >
      <div className="grid gap-6 md:grid-cols-[auto_1fr] md:items-start">
        <div className="mx-auto w-fit rounded-lg border border-border bg-white p-3 md:mx-0">
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(qrCodeSvg)}`}
            alt="QR code for your authenticator app"
            className="size-44"
          />
        </div>
        <div className="grid min-w-0 gap-3">
          <p className="text-sm font-medium">Setup key</p>
          <div className="flex flex-wrap items-center gap-3 rounded-lg bg-surface-raised px-3 py-2.5">
            <GroupedSecret secret={key} />
            <CopyButton text={key} label="Copy key" className="ml-auto" />
          </div>
          <p className="text-xs text-muted">
            Time-based, 6 digits, every 30 seconds. On this phone?{' '}
            <a href={otpauthUrl} className="font-medium text-primary underline-offset-4 hover:underline">
              Open in your authenticator app
            </a>
            .
          </p>
        </div>
      </div>

      <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} className="mt-6 border-t border-border pt-6">
        <div className="grid max-w-md gap-5">
          <TextField
            label="6-digit code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            placeholder="123456"
            className="[&_input]:font-mono [&_input]:tracking-widest"
            {...form.field('one_time_password')}
          />
          {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
          <div>
            <SubmitButton pending={setup.isPending} pendingLabel="Verifying…" className="w-full xs:w-auto">
              Verify and turn on
            </SubmitButton>
          </div>
        </div>
      </form>
    </SettingsSection>
  );
}

function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const platform = usePlatform();
  const text = codes.join('\n');

  function download() {
    const file = new Blob(
      [
        `${platform.name} recovery codes for ${email}\n\n${text}\n\n` +
          'Each code signs you in once when you cannot use your authenticator app. Keep them somewhere safe.\n',
      ],
      { type: 'text/plain' },
    );
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = `${platform.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-recovery-codes.txt`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }

  return (
    <SettingsSection
      title="Step 3 of 3: Save your recovery codes"
      description="Two-factor authentication is on. If you lose your phone, each of these codes signs you in once. They are shown only now: save them in a password manager or print them."
      aside={<Badge tone="success">On</Badge>}
    >
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-8 gap-y-2 rounded-lg bg-surface-raised px-5 py-4 font-mono text-sm sm:w-fit sm:gap-x-12"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        <CopyButton text={text} label="Copy codes" size="default" />
        <Button variant="secondary" onClick={download}>
          Download
        </Button>
      </div>
      <div className="mt-6 border-t border-border pt-6">
        <Button onClick={onDone} className="w-full xs:w-auto">
          I have saved these codes
        </Button>
      </div>
    </SettingsSection>
  );
}
