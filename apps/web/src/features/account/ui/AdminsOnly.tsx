import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { Alert } from '../../../ui/Alert';
import { linkClasses } from '../../auth/ui/AuthCard';

/** What a platform-admin page shows anyone else: why it is closed, and the way back. */
export function AdminsOnly({ children }: { children: string }) {
  return (
    <div className="grid max-w-xl gap-4">
      <Alert tone="warning" title="Not available">
        {children}
      </Alert>
      <p className="text-sm">
        <Link to={pathOf('account.settings')} className={linkClasses}>
          Back to account settings
        </Link>
      </p>
    </div>
  );
}
