import { ApiError } from '@wharf/client';
import type { ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { DEFAULT_FORM_ERROR, formErrorsFrom } from '../../forms/form-errors';

/** Nothing to list: said plainly, with what to do next when there is something. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <p className="text-sm font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
    </div>
  );
}

/** A list that could not be loaded, and a way to try again. */
export function LoadError({
  title,
  error,
  onRetry,
  retrying,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="grid justify-items-start gap-4">
      <Alert tone="danger" title={title} className="w-full">
        {errorMessage(error)}
      </Alert>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}

/**
 * What a failed call says to the person. The server's message when it refused for a reason it
 * explains (a 4xx: not allowed, the last owner, already a member…), the default words otherwise.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401)
    return error.message;
  return formErrorsFrom(error).message ?? DEFAULT_FORM_ERROR;
}

/** The count shown and the "Load more" button of a keyset-paged list. */
export function LoadMore({
  count,
  noun,
  hasMore,
  loading,
  onLoadMore,
  error,
}: {
  count: number;
  noun: [singular: string, plural: string];
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
  error?: unknown;
}) {
  return (
    <>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-muted" aria-live="polite">
          {count} {count === 1 ? noun[0] : noun[1]}
          {hasMore ? ' shown' : ''}
        </p>
        {hasMore && (
          <Button variant="secondary" onClick={onLoadMore} disabled={loading} aria-busy={loading || undefined}>
            {loading ? 'Loading…' : 'Load more'}
          </Button>
        )}
      </div>
      {error !== undefined && error !== null && (
        <Alert tone="danger" className="mt-3">
          {errorMessage(error)}
        </Alert>
      )}
    </>
  );
}
