import type { ReactNode } from 'react';
import { EmptyState, LoadError, LoadMore } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { errorMessage } from '../../forms/form-errors';
import type { ListWords } from '../list-words';
import type { PagedQuery } from '../paged-list';

export interface PagedListProps {
  query: PagedQuery;
  /** How many items the loaded pages hold (see pagedItems). */
  count: number;
  words: ListWords;
  /** The search the list answers; '' for all of it. */
  search: string;
  /** The list itself. */
  children: ReactNode;
}

/**
 * A keyset-paged, searchable list in each of its states: loading, failed (with Try again), empty
 * or without a match, or the list with its count and "Load more".
 */
export function PagedList({ query, count, words, search, children }: PagedListProps) {
  const plural = words.noun[1];
  if (query.isPending) return <Loading label={`Loading ${plural}…`} />;
  if (!query.data) {
    return (
      <LoadError
        title={`The ${plural} could not be loaded`}
        message={errorMessage(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (count === 0) {
    return search ? (
      <EmptyState title={`No ${plural} match “${search}”.`}>{words.noMatchHint}</EmptyState>
    ) : (
      <EmptyState title={`No ${plural} yet.`}>{words.emptyHint}</EmptyState>
    );
  }
  return (
    <div>
      {children}
      <LoadMore
        count={count}
        noun={words.noun}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        error={query.isFetchNextPageError || query.isRefetchError ? errorMessage(query.error) : undefined}
      />
    </div>
  );
}
