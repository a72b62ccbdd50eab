import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { RouteErrorScreen } from '../../../shell/RouteErrorScreen';
import { buttonClasses } from '../../../ui/Button';
import { isProjectNotFound, PROJECT_NOT_FOUND } from '../project-rules';

/**
 * A page route's error component: 'Project not found' (the page needs a project and the user has
 * none) with the way to create one; any other failure as the shell shows it, with a retry.
 */
export function ProjectRouteError(props: ErrorComponentProps) {
  if (!isProjectNotFound(props.error)) return <RouteErrorScreen {...props} />;
  return (
    <div className="mx-auto w-full max-w-md py-10 text-center" role="alert">
      <h1 className="text-2xl font-semibold tracking-tight">{PROJECT_NOT_FOUND}</h1>
      <p className="mt-3 text-muted">This page works inside a project, and you are not in one yet.</p>
      <Link to={pathOf('projects.create')} className={buttonClasses({ className: 'mt-6' })}>
        Create a project
      </Link>
    </div>
  );
}
