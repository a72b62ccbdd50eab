import type { Bookmark } from '@wharf/contract';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useId, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyState, LoadError } from '../../../ui/ListStates';
import { Loading } from '../../../ui/Loading';
import { useConfirmedMutation } from '../../forms/use-confirmed-mutation';
import { nudge } from '../../toasts/toasts';
import { useDeleteBookmark, useMoveBookmark } from '../api/bookmark-changes';
import { useBookmarkTabsQuery } from '../api/bookmark-tabs';
import { useBookmarksQuery } from '../api/bookmarks';
import { bookmarkErrorMessage, NO_PROJECT_MESSAGE } from '../no-project';
import { bookmarksOfTab, moveDown, moveToTab, moveUp, planDrop, tabOfDropId, type BookmarkMove } from '../ordering';
import { DEFAULT_TAB_NAME } from '../tabs';
import { BookmarkRow } from './BookmarkRow';
import { EditBookmarkDialog } from './EditBookmarkDialog';
import { ManageTabsDialog } from './ManageTabsDialog';
import { MoveToTabDialog } from './MoveToTabDialog';
import { useHoldPanel } from './panel-hold';
import { tabElementId, tabPanelId, TabsRow } from './TabsRow';
import { ThisPage } from './ThisPage';

/** The bookmarks panel of the header: the person's bookmarks in the current project, by tab. */
export function BookmarksPanel({ project }: { project: string | undefined }) {
  if (!project) {
    return (
      <div className="p-3">
        <EmptyState title={NO_PROJECT_MESSAGE}>
          Bookmarks belong to a project: choose one to see its bookmarks.
        </EmptyState>
      </div>
    );
  }
  return <ProjectBookmarks project={project} />;
}

/** Drops on a tab of the tab row where the pointer is; otherwise (and from the keyboard) the nearest. */
const collisions: CollisionDetection = (args) => {
  const under = pointerWithin(args);
  return under.length > 0 ? under : closestCenter(args);
};

function ProjectBookmarks({ project }: { project: string }) {
  const idBase = useId();
  const tabsQuery = useBookmarkTabsQuery(project);
  const list = useBookmarksQuery(project);
  const move = useMoveBookmark(project);
  const remove = useDeleteBookmark(project);
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  const [editing, setEditing] = useState<Bookmark | null>(null);
  const [moving, setMoving] = useState<Bookmark | null>(null);
  const [managing, setManaging] = useState(false);
  const [liveRegion, setLiveRegion] = useState<HTMLElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const deletion = useConfirmedMutation(
    remove,
    (bookmark: Bookmark) => bookmark.id,
    (bookmark) => nudge({ message: `Deleted “${bookmark.title}”.`, level: 'success' }),
  );
  // Escape while dragging cancels the drag, and leaves the panel open.
  useHoldPanel(dragging || editing !== null || moving !== null || managing || deletion.dialog.open);

  const tabs = useMemo(() => tabsQuery.data ?? [], [tabsQuery.data]);
  const bookmarks = useMemo(() => {
    const known = new Set(tabs.map((tab) => tab.id));
    // A bookmark of a tab that is gone shows where the server puts it: in the default tab.
    return (list.data ?? []).map((b) => (b.tabId !== null && !known.has(b.tabId) ? { ...b, tabId: null } : b));
  }, [list.data, tabs]);
  // A tab deleted meanwhile falls back to the default tab.
  const selected = chosenTab !== null && tabs.some((tab) => tab.id === chosenTab) ? chosenTab : null;
  const shown = bookmarksOfTab(bookmarks, selected);
  const tabName = (tabId: string | null) =>
    tabId === null ? DEFAULT_TAB_NAME : (tabs.find((tab) => tab.id === tabId)?.name ?? DEFAULT_TAB_NAME);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function runMove(change: BookmarkMove | null) {
    if (!change) return;
    move.mutate(change, {
      onError: (error) =>
        nudge({ message: `The bookmark could not be moved. ${bookmarkErrorMessage(error)}`, level: 'danger' }),
    });
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragging(false);
    runMove(planDrop(bookmarks, String(active.id), over ? String(over.id) : null));
  }

  const titleOf = (id: UniqueIdentifier) => bookmarks.find((b) => b.id === id)?.title ?? 'The bookmark';
  const placeOf = (id: UniqueIdentifier) => {
    const tab = tabOfDropId(String(id));
    if (tab !== undefined) return `the ${tabName(tab)} tab`;
    const index = shown.findIndex((b) => b.id === id);
    return `position ${index + 1} of ${shown.length}`;
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} is over ${placeOf(over.id)}.` : `${titleOf(active.id)} is over no place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} was dropped on ${placeOf(over.id)}.` : `${titleOf(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  const loading = list.isPending || tabsQuery.isPending;
  const failure = list.error ?? tabsQuery.error;

  let content;
  if (loading) {
    content = <Loading label="Loading bookmarks…" inCard />;
  } else if (failure) {
    content = (
      <LoadError
        title="Your bookmarks could not be loaded"
        message={bookmarkErrorMessage(failure)}
        retrying={list.isFetching || tabsQuery.isFetching}
        onRetry={() => {
          void list.refetch();
          void tabsQuery.refetch();
        }}
      />
    );
  } else if (bookmarks.length === 0) {
    content = (
      <EmptyState title="No bookmarks yet">Use “Bookmark this page” to keep the page you are on here.</EmptyState>
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState title="No bookmarks in this tab">
        Use “Bookmark this page” while this tab is open, or drag a bookmark onto the tab.
      </EmptyState>
    );
  } else {
    content = (
      <SortableContext items={shown.map((b) => b.id)} strategy={verticalListSortingStrategy}>
        <ul className="grid gap-0.5">
          {shown.map((bookmark, index) => (
            <BookmarkRow
              key={bookmark.id}
              bookmark={bookmark}
              project={project}
              first={index === 0}
              last={index === shown.length - 1}
              otherTabs={tabs.length > 0}
              onEdit={setEditing}
              onMoveUp={(b) => runMove(moveUp(bookmarks, b.id))}
              onMoveDown={(b) => runMove(moveDown(bookmarks, b.id))}
              onMoveToTab={setMoving}
              onDelete={deletion.ask}
            />
          ))}
        </ul>
      </SortableContext>
    );
  }

  return (
    <div ref={setLiveRegion} className="grid gap-2 p-2">
      <ThisPage
        project={project}
        bookmarks={list.isSuccess ? list.data : undefined}
        tabId={selected}
        onRemove={deletion.ask}
      />
      <DndContext
        sensors={sensors}
        collisionDetection={collisions}
        onDragStart={() => setDragging(true)}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(false)}
        accessibility={{
          announcements,
          screenReaderInstructions: {
            draggable:
              'To move a bookmark, press Space or Enter, then the arrow keys; move it onto a tab to put it there. ' +
              'Press Space or Enter again to drop it, or Escape to cancel.',
          },
          ...(liveRegion ? { container: liveRegion } : {}),
        }}
      >
        <TabsRow
          idBase={idBase}
          tabs={tabs}
          selected={selected}
          onSelect={setChosenTab}
          onManage={() => setManaging(true)}
        />
        <div
          role="tabpanel"
          id={tabPanelId(idBase)}
          aria-labelledby={tabElementId(idBase, selected)}
          aria-busy={loading || undefined}
          className="min-h-24"
        >
          {content}
        </div>
      </DndContext>
      <EditBookmarkDialog project={project} bookmark={editing} onClose={() => setEditing(null)} />
      <MoveToTabDialog
        bookmark={moving}
        tabs={tabs}
        onClose={() => setMoving(null)}
        onMove={(bookmark, tabId) => runMove(moveToTab(bookmarks, bookmark.id, tabId))}
      />
      <ManageTabsDialog project={project} open={managing} tabs={tabs} onClose={() => setManaging(false)} />
      <ConfirmDialog title="Delete bookmark" confirmLabel="Delete" pendingLabel="Deleting…" danger {...deletion.dialog}>
        {deletion.target ? `“${deletion.target.title}” will be removed from your bookmarks.` : null}
      </ConfirmDialog>
    </div>
  );
}
