import { useState } from 'react';
import { Button } from '../../../ui/Button';

/**
 * Keyset paging with Previous as well as Next: the server only hands out the token of the next
 * page, so the tokens of the pages already seen are kept in a stack. A new filter starts at page 1.
 */
export function usePageTokens(filterKey: string) {
  const [state, setState] = useState<{ key: string; stack: (string | undefined)[] }>({
    key: filterKey,
    stack: [undefined],
  });
  // Another filter is another list: its paging starts over (no effect needed, the key says it).
  const stack = state.key === filterKey ? state.stack : [undefined];
  const pageToken = stack[stack.length - 1];
  return {
    pageToken,
    page: stack.length,
    next: (token: string) => setState({ key: filterKey, stack: [...stack, token] }),
    previous: () => setState({ key: filterKey, stack: stack.length > 1 ? stack.slice(0, -1) : stack }),
  };
}

export type PageTokens = ReturnType<typeof usePageTokens>;

export function Pager({
  paging,
  nextPageToken,
  busy,
  label,
}: {
  paging: PageTokens;
  nextPageToken: string | null | undefined;
  busy: boolean;
  /** What is paged ("Invoices pages"), naming the navigation landmark. */
  label: string;
}) {
  if (paging.page === 1 && !nextPageToken) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" onClick={paging.previous} disabled={paging.page === 1 || busy}>
        Previous
      </Button>
      <p className="text-xs text-muted" aria-live="polite">
        Page {paging.page}
      </p>
      <Button
        variant="secondary"
        onClick={() => nextPageToken && paging.next(nextPageToken)}
        disabled={!nextPageToken || busy}
      >
        Next
      </Button>
    </nav>
  );
}
