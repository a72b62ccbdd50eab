import type { ReactNode } from 'react';
import { LoadError } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { BillingError } from './BillingError';

interface QueryLike<T> {
  isPending: boolean;
  isFetching: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One billing read in its states: loading, failed (in SPEC.md section 8's words, with Try again),
 * or its data. `what` names it ("the overview").
 */
export function QueryState<T>({
  query,
  what,
  project,
  children,
  inCard = true,
}: {
  query: QueryLike<T>;
  what: string;
  project: string;
  children: (data: T) => ReactNode;
  inCard?: boolean;
}) {
  if (query.isPending) return <Loading label={`Loading ${what}…`} inCard={inCard} />;
  if (query.data === undefined)
    return (
      <LoadError
        title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`}
        message={<BillingError error={query.error} project={project} inline />}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <>{children(query.data)}</>;
}
