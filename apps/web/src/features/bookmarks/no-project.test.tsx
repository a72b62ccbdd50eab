import { createClient } from '@wharf/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiClientContext } from '../../app/api-client';
import { useCreateBookmark, useDeleteBookmark, useMoveBookmark, useUpdateBookmark } from './api/bookmark-changes';
import { useSaveBookmarkTabs } from './api/bookmark-tabs';
import { bookmarksQueryOptions } from './api/bookmarks';
import { bookmarkErrorMessage, NO_PROJECT_MESSAGE, NoProjectError, requireProject } from './no-project';

function wrapper(fetch: typeof globalThis.fetch) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const client = createClient({ fetch });
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={queryClient}>
        <ApiClientContext value={client}>{children}</ApiClientContext>
      </QueryClientProvider>
    );
  };
}

describe("'No project selected' (SPEC.md section 5)", () => {
  it('is what requireProject throws without a project', () => {
    expect(() => requireProject(undefined)).toThrow(new NoProjectError());
    expect(() => requireProject('')).toThrow(NO_PROJECT_MESSAGE);
    expect(requireProject('p1')).toBe('p1');
    expect(bookmarkErrorMessage(new NoProjectError())).toBe('No project selected');
  });

  it('fails every bookmark operation without a project, before any request', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>();
    const { result } = renderHook(
      () => ({
        create: useCreateBookmark(undefined),
        update: useUpdateBookmark(undefined),
        remove: useDeleteBookmark(undefined),
        move: useMoveBookmark(undefined),
        tabs: useSaveBookmarkTabs(undefined),
      }),
      { wrapper: wrapper(fetch) },
    );
    const outcomes = await Promise.allSettled([
      result.current.create.mutateAsync({ title: 'Users', data: { url: 'https://example.com/' } }),
      result.current.update.mutateAsync({ id: 'b1', changes: { title: 'New' } }),
      result.current.remove.mutateAsync('b1'),
      result.current.move.mutateAsync({ id: 'b1', tabId: null, tabSortOrder: 1 }),
      result.current.tabs.mutateAsync([]),
    ]);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      expect((outcome as PromiseRejectedResult).reason).toBeInstanceOf(NoProjectError);
      expect(((outcome as PromiseRejectedResult).reason as Error).message).toBe('No project selected');
    }
    await waitFor(() => expect(result.current.create.error?.message).toBe('No project selected'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('does not load the list without a project', () => {
    const options = bookmarksQueryOptions(createClient({ fetch: vi.fn() }), undefined);
    expect(options.enabled).toBe(false);
  });
});
