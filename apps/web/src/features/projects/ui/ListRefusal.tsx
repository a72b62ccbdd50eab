import { ApiError } from '@wharf/client';
import { Link, useRouterState } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { linkClasses } from '../../accounts/ui/AuthCard';
import { formErrorsFrom } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { LoadError } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';

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

/**
 * The user's projects or organisations could not be loaded: a refusal as above, else why, and
 * Try again.
 */
export function ListFailure({
  list,
  query,
}: {
  list: 'projects' | 'organisations';
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  // useProjectsQuery and useOrganisationsQuery answer these themselves (SPEC.md section 8).
  if (isListRefusal(query.error)) return <ListRefusal error={query.error} />;
  return (
    <LoadError
      title={`Your ${list} could not be loaded`}
      message={formErrorsFrom(query.error).message}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
    />
  );
}
