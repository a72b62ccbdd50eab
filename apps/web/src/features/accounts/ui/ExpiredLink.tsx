import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { buttonClasses } from '../../../ui/Button';
import { AuthCard, linkClasses } from './AuthCard';

/** The link can no longer set a password: say so, and offer a new one. */
export function ExpiredLink({
  email,
  title = 'This link has expired or was already used',
  description = 'Reset links work once, for 60 minutes. Ask for a new link and use the newest email.',
}: {
  email?: string | undefined;
  title?: string;
  description?: string;
}) {
  return (
    <AuthCard
      title={title}
      description={description}
      footer={
        <Link to={pathOf('login')} search={email ? { email } : {}} className={linkClasses}>
          Back to sign in
        </Link>
      }
    >
      <Link
        to={pathOf('forgotten-password')}
        search={email ? { email } : {}}
        className={buttonClasses({ className: 'w-full' })}
      >
        Send me a new link
      </Link>
    </AuthCard>
  );
}
