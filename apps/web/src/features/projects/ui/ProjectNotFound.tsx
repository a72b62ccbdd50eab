import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { Alert } from '../../../ui/Alert';
import { linkClasses } from '../../accounts/ui/AuthCard';

/** A project asked for by id that the user is not in (SPEC.md section 2), and the way back to theirs. */
export function ProjectNotFound() {
  return (
    <Alert tone="warning" title="Project not found">
      It may have been deleted, or you are no longer a member.{' '}
      <Link to={pathOf('projects.list')} className={linkClasses}>
        See your projects
      </Link>
    </Alert>
  );
}
