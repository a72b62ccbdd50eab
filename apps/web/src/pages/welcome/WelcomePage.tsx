import { Link } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { usePlatform } from '../../app/platform';
import { displayName, useSession } from '../../features/accounts/api/session';
import { PlatformLogo } from '../../shell/PlatformLogo';
import { ThemeToggle } from '../../shell/ThemeToggle';
import { buttonClasses } from '../../ui/Button';
import { HealthStatus } from '../../features/health/ui/HealthStatus';

const areas = ['Projects & modules', 'Billing & invoices', 'Chat & files'];

/** `/` (route `home`): what Wharf is, the API's health and the way to its reference. */
export function WelcomePage() {
  const platform = usePlatform();
  const session = useSession();
  return (
    <div className="w-full max-w-xl">
      <header className="flex items-center justify-between gap-4">
        <PlatformLogo />
        <ThemeToggle />
      </header>

      <section
        aria-labelledby="welcome-title"
        className="mt-8 rounded-2xl border border-border bg-surface p-6 shadow-sm sm:p-10"
      >
        <h1 id="welcome-title" className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
          Welcome to {platform.name}
        </h1>
        <p className="mt-3 text-base/7 text-muted">
          Wharf is the console for running many shops and factories from one place: projects, integrations, billing and
          the team conversations around them.
        </p>

        <ul className="mt-6 grid gap-2 text-sm sm:grid-cols-3">
          {areas.map((area) => (
            <li key={area} className="rounded-lg bg-primary-soft px-3 py-2 font-medium text-text">
              {area}
            </li>
          ))}
        </ul>

        <HealthStatus className="mt-6" />

        <AccountActions session={session} />

        <div className="mt-8 flex flex-col gap-3 xs:flex-row xs:items-center">
          {/* A full page load: the reference is served by the API, not by this app. */}
          <a href="/docs" className={buttonClasses({ variant: 'secondary' })}>
            API reference
          </a>
          <a href="/openapi.json" className={buttonClasses({ variant: 'ghost' })}>
            OpenAPI document
          </a>
        </div>
      </section>

      <p className="mt-6 text-center text-xs text-muted">
        <Link to={pathOf('auth.setup')} className="font-medium text-primary underline-offset-4 hover:underline">
          New to {platform.name}? Get started
        </Link>
      </p>
      <p className="mt-2 text-center text-xs text-muted">
        {platform.name} · {platform.public ? 'Open for new projects' : 'By invitation'}
      </p>
    </div>
  );
}

/** Sign in or create an account; once signed in, the way to the account. */
function AccountActions({ session }: { session: ReturnType<typeof useSession> }) {
  // Nothing while the session loads: the buttons would flash from one pair to the other.
  if (session.isPending) return <div className="mt-6 h-10" aria-hidden="true" />;
  const user = session.data;
  if (user) {
    return (
      <div className="mt-6 flex flex-col gap-3 xs:flex-row xs:items-center">
        <Link to={pathOf('account.settings')} className={buttonClasses()}>
          Account settings
        </Link>
        <p className="text-sm text-muted">
          Signed in as <span className="font-medium text-text">{displayName(user)}</span>
        </p>
      </div>
    );
  }
  return (
    <div className="mt-6 flex flex-col gap-3 xs:flex-row">
      <Link to={pathOf('login')} className={buttonClasses()}>
        Sign in
      </Link>
      <Link to={pathOf('register')} className={buttonClasses({ variant: 'secondary' })}>
        Create account
      </Link>
    </div>
  );
}
