import { ApiError } from '@wharf/client';
import { Link, useRouterState } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { linkClasses } from '../../auth/ui/AuthCard';
import { Alert } from '../../../ui/Alert';
import { Loading } from './ProjectPage';

/** A refusal of the project or organisation list that useProjectsQuery/useOrganisationsQuery answer. */
export function isListRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/**
 * What a page shows while SPEC.md section 8's answer to a refused list takes effect: a 403 is on its
 * way to two-factor set-up; a 401 means the session is over, so the way back is to log in again.
 */
export function ListRefusal({ error }: { error: unknown }) {
  const here = useRouterState({ select: (state) => state.location.href });
  if (error instanceof ApiError && error.status === 401) {
    return (
      <Alert tone="warning" title="You are signed out">
        <Link to={pathOf('login')} search={{ redirect: here }} className={linkClasses}>
          Log in again
        </Link>{' '}
        to continue.
      </Alert>
    );
  }
  return <Loading label="Two-factor authentication is required…" />;
}
