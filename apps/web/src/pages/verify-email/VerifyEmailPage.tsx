import { ApiError } from '@wharf/client';
import { Link } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { useSession } from '../../features/accounts/api/session';
import { useVerifyEmailQuery } from '../../features/accounts/api/verify-email';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { Alert } from '../../ui/Alert';
import { buttonClasses } from '../../ui/Button';
import { Loading } from '../../ui/Loading';

/** `/verify-email?token` (route `verify-email`): the mailed link that verifies an address. */
export function VerifyEmailPage() {
  const token = useSearchParam('token');
  const verify = useVerifyEmailQuery(token);
  const session = useSession();
  const signedIn = session.data != null;
  const onward = signedIn ? (
    <Link to={pathOf('account.settings')} className={buttonClasses({ className: 'w-full' })}>
      Go to account settings
    </Link>
  ) : (
    <Link to={pathOf('login')} className={buttonClasses({ className: 'w-full' })}>
      Sign in
    </Link>
  );

  if (!token) {
    return (
      <AuthCard title="This link is incomplete" description="Open the link from the email again, or ask for a new one.">
        {onward}
      </AuthCard>
    );
  }
  if (verify.isPending) {
    return (
      <AuthCard title="Verifying your email">
        <Loading label="Verifying your email address…" inCard />
      </AuthCard>
    );
  }
  if (verify.isError) {
    const expired = verify.error instanceof ApiError && verify.error.status === 404;
    return (
      <AuthCard
        title={expired ? 'This link has expired or was already used' : 'Your email could not be verified'}
        description={
          expired
            ? signedIn
              ? 'Send yourself a new link from your account settings.'
              : 'Sign in and send yourself a new link from your account settings.'
            : undefined
        }
      >
        {!expired && (
          <Alert tone="danger" className="mb-5">
            {formErrorsFrom(verify.error).message}
          </Alert>
        )}
        {onward}
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Email verified">
      <Alert tone="success" className="mb-5">
        Thank you. Your email address is verified.
      </Alert>
      {onward}
    </AuthCard>
  );
}
