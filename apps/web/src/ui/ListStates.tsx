import type { ReactNode } from 'react';
import { Alert } from './Alert';
import { Button } from './Button';

/** Nothing to list: said plainly, with what to do next when there is something. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
      <p className="text-sm font-semibold">{title}</p>
      {children && <div className="mt-1 text-sm text-muted">{children}</div>}
    </div>
  );
}

/** A list that could not be loaded, why (`message`, in the person's words), and a way to try again. */
export function LoadError({
  title,
  message,
  onRetry,
  retrying,
}: {
  title: string;
  message: ReactNode;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="grid justify-items-start gap-4">
      <Alert tone="danger" title={title} className="w-full">
        {message}
      </Alert>
      <Button variant="secondary" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </div>
  );
}

/** The count shown and the "Load more" button of a keyset-paged list, and why the last page failed. */
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
  /** Why loading a page (or reloading the list) failed, in the person's words. */
  error?: string | undefined;
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
      {error !== undefined && (
        <Alert tone="danger" className="mt-3">
          {error}
        </Alert>
      )}
    </>
  );
}
