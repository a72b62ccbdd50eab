import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { pathOf } from '../../app/navigation';
import { useSearchParam } from '../../app/search';
import { useExchangeCodeQuery } from '../../features/auth/api/exchange-code';
import { sessionKeys } from '../../features/accounts/api/session';
import { safeRedirectPath } from '../../features/accounts/redirect';
import { AuthCard } from '../../features/accounts/ui/AuthCard';
import { useTokens } from '../../features/accounts/use-auth';
import { formErrorsFrom } from '../../features/forms/form-errors';
import { Alert } from '../../ui/Alert';
import { buttonClasses } from '../../ui/Button';
import { Loading } from '../../ui/Loading';

/**
 * `/auth/$code` (route `auth.code`): a one-time sign-in link made by another signed-in browser or
 * app. The exchange starts a session here; then on to the redirect target, or home.
 */
export function AuthCodePage() {
  const { code } = useParams({ strict: false }) as { code: string };
  const destination = safeRedirectPath(useSearchParam('redirect')) ?? pathOf('home');
  const exchange = useExchangeCodeQuery(code);
  const queryClient = useQueryClient();
  const tokens = useTokens();
  const navigate = useNavigate();

  const exchanged = exchange.isSuccess;
  useEffect(() => {
    if (!exchanged) return;
    // A new session: whoever was signed in before, and their token, are gone.
    tokens.clear();
    void queryClient
      .invalidateQueries({ queryKey: sessionKeys.all })
      .then(() => navigate({ href: destination, replace: true }));
  }, [exchanged, tokens, queryClient, navigate, destination]);

  if (exchange.isError) {
    const invalid = exchange.error instanceof Error && 'status' in exchange.error && exchange.error.status === 400;
    return (
      <AuthCard
        title={invalid ? 'This sign-in link is invalid or has expired' : 'Signing in did not work'}
        description={
          invalid
            ? 'Sign-in links work once, within 60 seconds of being made. Make a new one on the other device, or sign in with your password.'
            : undefined
        }
      >
        {!invalid && (
          <Alert tone="danger" className="mb-5">
            {formErrorsFrom(exchange.error).message}
          </Alert>
        )}
        <Link to={pathOf('login')} className={buttonClasses({ className: 'w-full' })}>
          Sign in with your password
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <Loading label="Checking your sign-in link…" inCard />
    </AuthCard>
  );
}
