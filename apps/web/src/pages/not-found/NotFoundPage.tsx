import { Link } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { buttonClasses } from '../../ui/Button';

/** The final catch-all (route title "Not Found"): unknown paths and blocked ones. */
export function NotFoundPage() {
  return (
    <div className="w-full max-w-md text-center">
      <p className="text-7xl font-bold tracking-tight text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-3 text-muted">
        This page does not exist, or it has moved. Check the address, or start again from home.
      </p>
      <Link to={pathOf('home')} className={buttonClasses({ className: 'mt-8' })}>
        Back to home
      </Link>
    </div>
  );
}
