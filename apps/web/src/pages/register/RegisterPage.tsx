import { ApiError } from '@wharf/client';
import { CreateUserRequest } from '@wharf/contract';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useSearchParam } from '../../app/search';
import { useCreateUserMutation } from '../../features/accounts/api/create-user';
import { useSession } from '../../features/accounts/api/session';
import { takeCaptchaSolution } from '../../features/accounts/take-captcha';
import { safeRedirectPath, signedInDestination } from '../../features/accounts/redirect';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { CaptchaNotice } from '../../features/accounts/ui/CaptchaNotice';
import { useCaptcha } from '../../features/accounts/use-captcha';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { SubmitButton } from '../../ui/SubmitButton';
import { PasswordField, TextField } from '../../ui/TextField';

/** The browser's half of createUser: the captcha is added when the form is sent. */
const RegisterForm = CreateUserRequest.pick({ email: true, password: true });

/** `/register` (route `register`): email and password; the new user is signed in at once. */
export function RegisterPage() {
  const platform = usePlatform();
  const navigate = useNavigate();
  const session = useSession();
  const emailParam = useSearchParam('email');
  const redirectParam = useSearchParam('redirect');
  const destination = signedInDestination(redirectParam);
  // Passed on to the sign-in links, so signing in instead still ends where the visitor was going.
  const redirect = safeRedirectPath(redirectParam);
  const createUser = useCreateUserMutation();
  const captcha = useCaptcha({ eager: true });
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false);
  const [taken, setTaken] = useState<string | null>(null);
  const { bindForm, ...form } = useForm({ email: emailParam ?? '', password: '' });

  const signedIn = session.data != null;
  useEffect(() => {
    if (signedIn) void navigate({ href: destination, replace: true });
  }, [signedIn, destination, navigate]);

  const busy = createUser.isPending || waitingForCaptcha;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validate(RegisterForm, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    setTaken(null);

    const solution = await takeCaptchaSolution(captcha, setWaitingForCaptcha, form.setErrors);
    if (solution === undefined) return;

    try {
      await createUser.mutateAsync({ ...checked.data, 'g-recaptcha-response': solution });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_TAKEN') setTaken(checked.data.email);
      form.setErrors(
        formErrorsFrom(error, {
          fields: ['email', 'password'],
          codes: {
            EMAIL_TAKEN: { field: 'email', message: 'An account already exists for this email.' },
            WEAK_PASSWORD: { field: 'password' },
          },
        }),
      );
    }
  }

  return (
    <AuthCard
      title="Create your account"
      description={`One account for every ${platform.name} project you work on.`}
      footer={
        <>
          Already have an account?{' '}
          <Link
            to={pathOf('login')}
            search={{
              ...(form.values.email ? { email: form.values.email } : {}),
              ...(redirect ? { redirect } : {}),
            }}
            className={linkClasses}
          >
            Sign in
          </Link>
        </>
      }
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
          autoFocus={!emailParam}
        />
        {taken && (
          <p className="-mt-3 text-sm">
            <Link
              to={pathOf('login')}
              search={{ email: taken, ...(redirect ? { redirect } : {}) }}
              className={linkClasses}
            >
              Sign in as {taken}
            </Link>{' '}
            or{' '}
            <Link to={pathOf('forgotten-password')} search={{ email: taken }} className={linkClasses}>
              reset its password
            </Link>
            .
          </p>
        )}
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters. A long phrase is easier to remember and harder to guess."
          {...form.field('password')}
          autoFocus={Boolean(emailParam)}
        />
        <CaptchaNotice captcha={captcha} />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <SubmitButton
          pending={busy}
          pendingLabel={waitingForCaptcha ? "Checking you're human…" : 'Creating account…'}
          disabled={captcha.status === 'unsupported'}
          className="w-full"
        >
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
