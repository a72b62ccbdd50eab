import { ForgotPasswordRequest } from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { useForgotPasswordMutation } from '../../features/accounts/api/forgot-password';
import { takeCaptchaSolution } from '../../features/accounts/take-captcha';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { CaptchaNotice } from '../../features/accounts/ui/CaptchaNotice';
import { useCaptcha } from '../../features/accounts/use-captcha';
import { formErrorsFrom, validate } from '../../features/forms/form-errors';
import { useForm } from '../../features/forms/use-form';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { SubmitButton } from '../../ui/SubmitButton';
import { TextField } from '../../ui/TextField';

const EmailForm = ForgotPasswordRequest.pick({ email: true });

/** `/forgotten-password` (route `forgotten-password`): mails a reset link, never saying whether the account exists. */
export function ForgottenPasswordPage() {
  const emailParam = useSearchParam('email');
  const forgot = useForgotPasswordMutation();
  const captcha = useCaptcha({ eager: true });
  const [waitingForCaptcha, setWaitingForCaptcha] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { bindForm, ...form } = useForm({ email: emailParam ?? '' });
  const busy = forgot.isPending || waitingForCaptcha;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validate(EmailForm, form.values);
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();

    const solution = await takeCaptchaSolution(captcha, setWaitingForCaptcha, form.setErrors);
    if (solution === undefined) return;

    try {
      await forgot.mutateAsync({ email: checked.data.email, 'g-recaptcha-response': solution });
      setSentTo(checked.data.email);
    } catch (error) {
      form.setErrors(formErrorsFrom(error, { fields: ['email'] }));
    }
  }

  const backToLogin = (
    <Link to={pathOf('login')} search={form.values.email ? { email: form.values.email } : {}} className={linkClasses}>
      Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check your email" footer={backToLogin}>
        <Alert tone="success">If an account exists for {sentTo}, we&apos;ve sent a link to reset its password.</Alert>
        <p className="mt-4 text-sm/6 text-muted">
          The link works once, for 60 minutes. Nothing arrived after a few minutes? Check your spam folder, or send
          another link.
        </p>
        <Button variant="secondary" className="mt-5 w-full" onClick={() => setSentTo(null)}>
          Send another link
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgotten your password?"
      description="Enter the email address of your account and we'll send you a link to choose a new password."
      footer={backToLogin}
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
          autoFocus
        />
        <CaptchaNotice captcha={captcha} />
        {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
        <SubmitButton
          pending={busy}
          pendingLabel={waitingForCaptcha ? "Checking you're human…" : 'Sending…'}
          disabled={captcha.status === 'unsupported'}
          className="w-full"
        >
          Send reset link
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
