import type { Bookmark } from '@wharf/contract';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { nudge } from '../../toasts/toasts';
import { useCreateBookmark } from '../api/bookmark-changes';
import { bookmarkErrorMessage } from '../no-project';
import { findRouteBookmark } from '../route-match';
import { useCurrentPage } from '../use-current-page';

/**
 * 'Bookmark this page': a route bookmark of the page on screen (its route's name, params and
 * query), titled with the page title, into the open tab. When the page is bookmarked already it
 * says so and offers Remove instead.
 */
export function ThisPage({
  project,
  bookmarks,
  tabId,
  onRemove,
}: {
  project: string;
  /** Undefined until the list has loaded (whether the page is bookmarked is not known yet). */
  bookmarks: readonly Bookmark[] | undefined;
  tabId: string | null;
  onRemove: (bookmark: Bookmark) => void;
}) {
  const page = useCurrentPage();
  const create = useCreateBookmark(project);
  if (!page.bookmarkable) return null;

  const existing = bookmarks ? findRouteBookmark(bookmarks, page.target) : undefined;
  if (existing) {
    return (
      <div className="flex items-center gap-3 rounded-lg bg-primary-soft px-3 py-2">
        <Icon name="star" size={18} fill="currentColor" className="shrink-0 text-primary" />
        <p className="min-w-0 flex-1 text-sm">
          <span className="font-medium">This page is bookmarked</span>
          {existing.title !== page.title && (
            <span className="block truncate text-xs text-muted">as {existing.title}</span>
          )}
        </p>
        <Button variant="secondary" size="small" onClick={() => onRemove(existing)}>
          Remove
        </Button>
      </div>
    );
  }

  function bookmarkThisPage() {
    create.mutate(
      { title: page.title, data: { route: page.target }, tabId },
      {
        onSuccess: () => nudge({ message: `Bookmarked “${page.title}”.`, level: 'success' }),
        onError: (error) => nudge({ message: bookmarkErrorMessage(error), level: 'danger' }),
      },
    );
  }

  return (
    <Button
      variant="secondary"
      className="w-full"
      disabled={!bookmarks || create.isPending}
      aria-busy={create.isPending || undefined}
      onClick={bookmarkThisPage}
    >
      <Icon name="star" size={16} />
      {create.isPending ? 'Bookmarking…' : 'Bookmark this page'}
    </Button>
  );
}
