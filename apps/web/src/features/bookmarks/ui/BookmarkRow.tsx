import type { Bookmark } from '@wharf/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pathOf, routeExists } from '../../../app/navigation';
import { cx } from '../../../ui/cx';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator, useDropdownClose } from '../../../ui/Dropdown';
import { Icon } from '../../../ui/Icon';
import { searchStringOf } from '../route-match';
import { BookmarkTile } from './BookmarkTile';

export interface BookmarkRowActions {
  onEdit: (bookmark: Bookmark) => void;
  onMoveUp: (bookmark: Bookmark) => void;
  onMoveDown: (bookmark: Bookmark) => void;
  onMoveToTab: (bookmark: Bookmark) => void;
  onDelete: (bookmark: Bookmark) => void;
}

interface BookmarkRowProps extends BookmarkRowActions {
  bookmark: Bookmark;
  project: string;
  first: boolean;
  last: boolean;
  /** Whether there is another tab to move it to. */
  otherTabs: boolean;
}

/**
 * One bookmark: a handle to drag it (pointer, or Space and the arrow keys), the link to what it
 * opens, and its menu (Edit, Move up, Move down, Move to tab, Delete) for doing the same without
 * dragging.
 */
export function BookmarkRow({ bookmark, project, first, last, otherTabs, ...actions }: BookmarkRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: bookmark.id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={cx(
        'group flex items-center gap-1 rounded-lg bg-surface',
        isDragging && 'relative z-10 shadow-lg ring-2 ring-focus',
      )}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Reorder ${bookmark.title}`}
        className="grid h-10 w-7 shrink-0 cursor-grab touch-none place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text focus-visible:outline-2 focus-visible:outline-focus active:cursor-grabbing"
      >
        <Icon name="grip" size={16} />
      </button>
      <BookmarkLink bookmark={bookmark} project={project} />
      <DropdownMenu
        label={`Actions for ${bookmark.title}`}
        trigger={
          <button
            type="button"
            aria-label={`Actions for ${bookmark.title}`}
            className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text"
          >
            <Icon name="more" size={18} />
          </button>
        }
      >
        <DropdownMenuItem onSelect={() => actions.onEdit(bookmark)}>Edit…</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={first} onSelect={() => actions.onMoveUp(bookmark)}>
          Move up
        </DropdownMenuItem>
        <DropdownMenuItem disabled={last} onSelect={() => actions.onMoveDown(bookmark)}>
          Move down
        </DropdownMenuItem>
        <DropdownMenuItem disabled={!otherTabs} onSelect={() => actions.onMoveToTab(bookmark)}>
          Move to tab…
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger" onSelect={() => actions.onDelete(bookmark)}>
          Delete…
        </DropdownMenuItem>
      </DropdownMenu>
    </li>
  );
}

const linkClasses =
  'flex min-w-0 flex-1 items-center gap-3 rounded-md px-2 py-1.5 text-left hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus';

function Content({ bookmark, aside }: { bookmark: Bookmark; aside?: ReactNode }) {
  return (
    <>
      <BookmarkTile icon={bookmark.icon} color={bookmark.color} />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{bookmark.title}</span>
        {bookmark.description && <span className="block truncate text-xs text-muted">{bookmark.description}</span>}
        {aside}
      </span>
    </>
  );
}

/** Where a route bookmark leads, when that page exists here (a module's page goes with the module). */
function routePath(route: NonNullable<Bookmark['data']['route']>): string | undefined {
  if (!routeExists(route.name)) return undefined;
  try {
    return pathOf(route.name, route.params);
  } catch {
    return undefined;
  }
}

/** The bookmark's route (by name, params and query, in the current project) or its address. */
function BookmarkLink({ bookmark, project }: { bookmark: Bookmark; project: string }) {
  const close = useDropdownClose();
  const router = useRouter();
  const { route, url } = bookmark.data;
  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={linkClasses} onClick={close}>
        <Content bookmark={bookmark} aside={<span className="sr-only"> (opens in a new tab)</span>} />
      </a>
    );
  }
  const path = route ? routePath(route) : undefined;
  if (!route || path === undefined) {
    return (
      <span className={cx(linkClasses, 'cursor-default opacity-70 hover:bg-transparent')}>
        <Content
          bookmark={bookmark}
          aside={<span className="block text-xs text-muted">This page is not available in this project.</span>}
        />
      </span>
    );
  }
  // The query back as the router reads an address, so the link is the address that was bookmarked.
  const search = router.options.parseSearch(searchStringOf(route, project));
  return (
    <Link to={path} search={search} className={linkClasses} onClick={close}>
      <Content bookmark={bookmark} />
    </Link>
  );
}
