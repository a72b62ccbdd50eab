import type { ReactNode } from 'react';
import { EmptyState } from '../../../ui/ListStates';
import { Pager, type PageTokens } from './Pager';
import { QueryState } from './QueryState';
import { Table, type Column } from './Table';

interface PageQuery<T> {
  isPending: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  data: { items: T[]; nextPageToken: string | null } | undefined;
  error: unknown;
  refetch: () => unknown;
}

/**
 * One page of a billing list in all its states: loading, failed (with Try again), empty (`empty`,
 * or `noMatch` while filtered), the table and Previous/Next.
 */
export function PagedTable<T>({
  query,
  paging,
  project,
  caption,
  what,
  columns,
  keyOf,
  empty,
  noMatch,
  filtered,
}: {
  query: PageQuery<T>;
  paging: PageTokens;
  project: string;
  /** Names the table and its paging ("Invoices"). */
  caption: string;
  /** For the loading and error words ("the invoices"). */
  what: string;
  columns: Column<T>[];
  keyOf: (row: T) => string;
  empty: { title: string; body?: ReactNode };
  noMatch: string;
  filtered: boolean;
}) {
  return (
    <QueryState query={query} what={what} project={project} inCard={false}>
      {(page) =>
        page.items.length === 0 && paging.page === 1 ? (
          filtered ? (
            <EmptyState title={noMatch}>Try another filter or search.</EmptyState>
          ) : (
            <EmptyState title={empty.title}>{empty.body}</EmptyState>
          )
        ) : (
          <>
            <Table
              caption={caption}
              columns={columns}
              rows={page.items}
              keyOf={keyOf}
              busy={query.isFetching && query.isPlaceholderData}
            />
            <Pager
              paging={paging}
              nextPageToken={page.nextPageToken}
              busy={query.isFetching}
              label={`${caption} pages`}
            />
          </>
        )
      }
    </QueryState>
  );
}
