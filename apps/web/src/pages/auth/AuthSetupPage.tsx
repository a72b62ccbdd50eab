import { Link } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { useSession } from '../../features/accounts/api/session';
import { AuthCard, linkClasses } from '../../features/accounts/ui/AuthCard';
import { Steps } from '../../features/accounts/ui/Steps';
import { buttonClasses } from '../../ui/Button';

/** `/auth/setup` (route `auth.setup`): the first steps on the platform, for a newcomer. */
export function AuthSetupPage() {
  const platform = usePlatform();
  const signedIn = useSession().data != null;
  return (
    <AuthCard
      wide
      title={`Get started with ${platform.name}`}
      description="A few minutes from here to your first project."
      footer={
        <>
          Setting up a factory?{' '}
          <Link to={pathOf('auth.setup.factory')} className={linkClasses}>
            Pair your factory devices
          </Link>
        </>
      }
    >
      <Steps
        steps={[
          {
            title: 'Create your account',
            body: 'One account for every project you own or are invited to. Invited by a colleague? Use the link in their email instead: it sets up your account for you.',
          },
          {
            title: 'Verify your email',
            body: 'We send a link when you sign up. Invoices, alerts and password resets go to this address.',
          },
          {
            title: 'Turn on two-factor authentication',
            body: 'In account settings, add an authenticator app. Sign-in then asks for a code from your phone as well as your password.',
          },
          {
            title: 'Create or join a project',
            body: `Each shop or factory is a project on ${platform.name}, with its own modules, team, roles and billing.`,
          },
        ]}
      />
      <div className="mt-8 flex flex-col gap-3 xs:flex-row">
        {signedIn ? (
          <Link to={pathOf('account.settings')} className={buttonClasses()}>
            Account settings
          </Link>
        ) : (
          <>
            <Link to={pathOf('register')} className={buttonClasses()}>
              Create account
            </Link>
            <Link to={pathOf('login')} className={buttonClasses({ variant: 'secondary' })}>
              Sign in
            </Link>
          </>
        )}
      </div>
    </AuthCard>
  );
}
