import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { Alert } from '../../../ui/Alert';
import { linkClasses } from './AuthCard';
import { SettingsHeader } from './SettingsSection';

/**
 * What a platform-admin page shows anyone else: why it is closed, and the way back; with `title`,
 * under the page's heading (the whole page), else inside a page that has one.
 */
export function AdminsOnly({ title, children }: { title?: string; children: string }) {
  const notice = (
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
  if (title === undefined) return notice;
  return (
    <>
      <SettingsHeader title={title} />
      {notice}
    </>
  );
}
