import { Link } from '@tanstack/react-router';
import { pathOf, routeExists } from '../../app/navigation';
import { buttonClasses } from '../../ui/Button';

/** The project has no Drive module (403 MODULE_NOT_INSTALLED): what it would give, and the way to the store. */
export function NotInstalled({ project, message }: { project: string; message: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <h2 className="text-base font-semibold">Drive is not installed in this project</h2>
      <p className="mx-auto mt-1 max-w-prose text-sm text-muted">{message}</p>
      {routeExists('integrations.store') && (
        <Link to={pathOf('integrations.store')} search={{ project }} className={buttonClasses({ className: 'mt-4' })}>
          Open the store
        </Link>
      )}
    </div>
  );
}
