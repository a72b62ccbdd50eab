import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { errorMessage } from '../../forms/form-errors';

/**
 * One record's page while its query settles: "Loading the draft…", then either the record (`children`)
 * or why it could not be loaded with a way to try again. `what` names it with its article ("the draft").
 */
export function Loaded<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={`Loading ${what}…`} />;
  if (query.isError)
    return (
      <LoadError
        title={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  return <>{children(query.data)}</>;
}
