import { ApiError } from '@wharf/client';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useSearchParam } from '../../app/search';
import { useLoginMutation, type LoginBody } from '../../features/accounts/api/login';
import { useSession } from '../../features/accounts/api/session';
import { CaptchaUnsupportedError } from '../../features/accounts/captcha';
import { retryAfterSeconds } from '../../features/accounts/rate-limit';
import { safeRedirectPath, signedInDestination } from '../../features/accounts/redirect';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { CaptchaNotice } from '../../features/accounts/ui/CaptchaNotice';
import { useCaptcha } from '../../features/accounts/use-captcha';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { lazyModule } from '../../features/forms/lazy-module';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField, TextField } from '../../ui/TextField';
import { useCountdown } from '../../ui/use-countdown';

/** The same schemas the server checks with, loaded when the form is first used (see lazy-module.ts). */
const accountSchemas = lazyModule(() => import('@wharf/contract/schemas/accounts'));

const LOGIN_PATH = '/omnis/v3/dashboard/user/login';

const SIX_DIGITS = /^\d{6}$/;

/** Notices other pages leave for the login page (`?notice=`). */
const notices: Record<string, string> = {
  'password-reset': 'Your password has been reset. Sign in with your new password.',
};

type Step = 'credentials' | 'two-factor';

/** `/login` (route `login`): email and password, then the authenticator code when two-factor is on. */
export function LoginPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const session = useSession();
  const emailParam = useSearchParam('email');
  const redirectParam = useSearchParam('redirect');
  const destination = signedInDestination(redirectParam);
  // Passed on to "Create an account", so registering instead still ends where the visitor was going.
  const redirect = safeRedirectPath(redirectParam);
  const notice = notices[useSearchParam('notice') ?? ''];

  const login = useLoginMutation();
  const captcha = useCaptcha({ eager: false });
  const [step, setStep] = useState<Step>('credentials');
  const [recovery, setRecovery] = useState(false);
  const [waitSeconds, startWait] = useCountdown();
  const [checkingHuman, setCheckingHuman] = useState(false);
  const { bindForm, ...form } = useForm({ email: emailParam ?? '', password: '', one_time_password: '' });

  // Signed in (now, or already when the page opened): on to where the visitor was going.
  const signedIn = session.data != null;
  useEffect(() => {
    if (signedIn) void navigate({ href: destination, replace: true });
  }, [signedIn, destination, navigate]);

  const busy = login.isPending || checkingHuman;

  async function send(body: LoginBody, withCaptcha = false): Promise<void> {
    try {
      await login.mutateAsync(body);
    } catch (error) {
      if (error instanceof ApiError) {
        if (error.code === 'TWO_FACTOR_REQUIRED' && step === 'credentials') {
          form.clearErrors();
          setStep('two-factor');
          return;
        }
        if (error.code === 'CAPTCHA_REQUIRED' && !withCaptcha) {
          // Too many failures from here: prove a human is typing, then send the same again.
          setCheckingHuman(true);
          let solution: string;
          try {
            solution = await captcha.take();
          } catch (captchaError) {
            setCheckingHuman(false);
            form.setErrors({
              fields: {},
              message:
                captchaError instanceof CaptchaUnsupportedError
                  ? captchaError.message
                  : "We couldn't check you're human. Try again.",
            });
            return;
          }
          try {
            return await send({ ...body, 'g-recaptcha-response': solution }, true);
          } finally {
            setCheckingHuman(false);
          }
        }
        if (error.status === 429) {
          const seconds = retryAfterSeconds(LOGIN_PATH);
          if (seconds) startWait(seconds);
        }
        if (step === 'two-factor' && error.status === 401) {
          form.setErrors({
            fields: {
              one_time_password: recovery
                ? 'That recovery code is not valid, or was already used.'
                : 'That code is not valid. Check your authenticator app and try again.',
            },
          });
          return;
        }
      }
      form.setErrors(
        formErrorsFrom(error, {
          fields: ['email', 'password', 'one_time_password'],
          codes: { INVALID_CREDENTIALS: 'The email or password is incorrect.' },
        }),
      );
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const { email, password, one_time_password } = form.values;
    const { LoginRequest, OneTimePassword } = await accountSchemas.get();
    if (step === 'credentials') {
      const checked = validate(LoginRequest, { email, password });
      if (!checked.ok) return form.setErrors(checked.errors);
      form.clearErrors();
      return send(checked.data);
    }
    const code = one_time_password.replace(/\s+/g, '');
    const codeError = recovery
      ? OneTimePassword.safeParse(code).success
        ? undefined
        : 'Enter one of your recovery codes.'
      : SIX_DIGITS.test(code)
        ? undefined
        : 'Enter the 6-digit code.';
    if (codeError) return form.setErrors({ fields: { one_time_password: codeError } });
    form.clearErrors();
    return send({ email: email.trim(), password, one_time_password: code });
  }

  function backToCredentials() {
    setStep('credentials');
    setRecovery(false);
    form.setValue('one_time_password', '');
    form.clearErrors();
  }

  const formMessage = form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>;
  // A 429's Retry-After holds the button, counting down on it.
  const disabled = waitSeconds > 0;
  const waitLabel = `Try again in ${waitSeconds} s`;

  if (step === 'two-factor') {
    return (
      <AuthCard
        title="Two-factor authentication"
        description={
          recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor authentication on. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for your account.'
        }
      >
        <form
          ref={bindForm}
          noValidate
          onInput={accountSchemas.preload}
          onSubmit={(e) => void onSubmit(e)}
          className="grid gap-5"
        >
          <TextField
            key={recovery ? 'recovery' : 'totp'}
            label={recovery ? 'Recovery code' : 'Authentication code'}
            {...form.field('one_time_password')}
            autoComplete="one-time-code"
            inputMode={recovery ? 'text' : 'numeric'}
            autoCapitalize="none"
            spellCheck={false}
            maxLength={recovery ? 32 : 6}
            placeholder={recovery ? 'xxxxx-xxxxx' : '123456'}
            className="[&_input]:font-mono [&_input]:tracking-widest"
            autoFocus
          />
          <CaptchaNotice captcha={captcha} />
          {formMessage}
          <SubmitButton pending={busy} pendingLabel="Verifying…" disabled={disabled} className="w-full">
            {disabled ? waitLabel : 'Verify'}
          </SubmitButton>
          <div className="flex flex-col items-center gap-2 text-sm xs:flex-row xs:justify-between">
            <button
              type="button"
              className={linkClasses}
              onClick={() => {
                setRecovery((r) => !r);
                form.setValue('one_time_password', '');
                form.clearErrors();
              }}
            >
              {recovery ? 'Use your authenticator app' : 'Use a recovery code'}
            </button>
            <Button variant="ghost" size="small" onClick={backToCredentials}>
              Back
            </Button>
          </div>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={`Sign in to ${platform.name}`}
      description="Welcome back. Sign in to manage your projects."
      footer={
        <>
          New here?{' '}
          <Link
            to={pathOf('register')}
            search={{
              ...(form.values.email ? { email: form.values.email } : {}),
              ...(redirect ? { redirect } : {}),
            }}
            className={linkClasses}
          >
            Create an account
          </Link>
        </>
      }
    >
      {notice && (
        <Alert tone="success" className="mb-5">
          {notice}
        </Alert>
      )}
      <form
        ref={bindForm}
        noValidate
        onInput={accountSchemas.preload}
        onSubmit={(e) => void onSubmit(e)}
        className="grid gap-5"
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('email')}
          autoFocus={!emailParam}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...form.field('password')}
          autoFocus={Boolean(emailParam)}
          labelAside={
            <Link
              to={pathOf('forgotten-password')}
              search={form.values.email ? { email: form.values.email } : {}}
              className={`${linkClasses} text-xs`}
            >
              Forgot your password?
            </Link>
          }
        />
        <CaptchaNotice captcha={captcha} />
        {formMessage}
        <SubmitButton pending={busy} pendingLabel="Signing in…" disabled={disabled} className="w-full">
          {disabled ? waitLabel : 'Sign in'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
