import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { cx } from '../../ui/cx';
import { DropdownPanel } from '../../ui/Dropdown';
import { Icon } from '../../ui/Icon';
import { Loading } from '../../ui/Loading';
import { useBookmarksQuery } from '../bookmarks/api/bookmarks';
import { findRouteBookmark } from '../bookmarks/route-match';
import { PanelHoldContext } from '../bookmarks/ui/panel-hold';
import { useCurrentPage } from '../bookmarks/use-current-page';
import { headerIconButton } from './header-classes';

// The panel (with dnd-kit and its dialogs) loads on first open, so the header every page carries stays small.
const BookmarksPanel = lazy(() =>
  import('../bookmarks/ui/BookmarksPanel').then((m) => ({ default: m.BookmarksPanel })),
);

/** The bookmarks panel's width on wide screens; on phones it is a full-width sheet. */
export const BOOKMARKS_PANEL_WIDTH = 380;

/**
 * The header's bookmarks (SPEC.md section 1: bookmarks per project grouped in tabs): a star that
 * opens the panel. The list loads when the panel first opens; from then on the star is filled
 * while the page on screen is bookmarked.
 */
export function BookmarksButton({ project }: { project: string | undefined }) {
  const [open, setOpen] = useState(false);
  // While one of the panel's dialogs is open, Escape and presses belong to the dialog.
  const held = useRef(false);
  const hold = useCallback((value: boolean) => {
    held.current = value;
  }, []);
  const cached = useBookmarksQuery(project, false);
  const page = useCurrentPage();
  const bookmarked =
    page.bookmarkable && cached.data !== undefined && Boolean(findRouteBookmark(cached.data, page.target));

  return (
    <DropdownPanel
      label="Bookmarks"
      width={BOOKMARKS_PANEL_WIDTH}
      open={open}
      onOpenChange={(next) => {
        if (!next && held.current) return;
        setOpen(next);
      }}
      trigger={
        <button
          type="button"
          aria-label="Bookmarks"
          data-bookmarked={bookmarked || undefined}
          className={cx(headerIconButton, bookmarked && 'text-primary')}
        >
          <Icon name="star" size={20} fill={bookmarked ? 'currentColor' : 'none'} />
        </button>
      }
    >
      <PanelHoldContext value={hold}>
        <Suspense fallback={<Loading label="Loading bookmarks" />}>
          <BookmarksPanel project={project} />
        </Suspense>
      </PanelHoldContext>
    </DropdownPanel>
  );
}
