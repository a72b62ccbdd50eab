import type { BookmarkTab } from '@wharf/contract';
import { useDroppable } from '@dnd-kit/core';
import { useRef, type KeyboardEvent } from 'react';
import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/Icon';
import { tabDropId } from '../ordering';
import { DEFAULT_TAB_NAME } from '../tabs';

/** The id of a tab's element, and of the list it shows (its tabpanel). */
export const tabElementId = (base: string, tabId: string | null) => `${base}-tab-${tabId ?? 'default'}`;
export const tabPanelId = (base: string) => `${base}-panel`;

interface TabsRowProps {
  idBase: string;
  tabs: readonly BookmarkTab[];
  selected: string | null;
  onSelect: (tabId: string | null) => void;
  onManage: () => void;
}

/**
 * The tabs: the default 'Bookmarks' tab, then the person's in order. Arrow keys, Home and End move
 * between them; each is also where a dragged bookmark can be dropped (it goes last there).
 */
export function TabsRow({ idBase, tabs, selected, onSelect, onManage }: TabsRowProps) {
  const all: { id: string | null; name: string }[] = [{ id: null, name: DEFAULT_TAB_NAME }, ...tabs];
  const list = useRef<HTMLDivElement>(null);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = all.findIndex((tab) => tab.id === selected);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % all.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + all.length) % all.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    const tab = all[next]!;
    onSelect(tab.id);
    list.current?.ownerDocument.getElementById(tabElementId(idBase, tab.id))?.focus();
  }

  return (
    <div className="flex items-center gap-1 border-b border-border">
      <div
        ref={list}
        role="tablist"
        aria-label="Bookmark tabs"
        onKeyDown={onKeyDown}
        className="-mb-px flex min-w-0 flex-1 gap-1 overflow-x-auto"
      >
        {all.map((tab) => (
          <TabButton
            key={tab.id ?? 'default'}
            idBase={idBase}
            tabId={tab.id}
            name={tab.name}
            selected={tab.id === selected}
            onSelect={onSelect}
          />
        ))}
      </div>
      <button
        type="button"
        aria-label="Manage tabs"
        onClick={onManage}
        className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text"
      >
        <Icon name="settings" size={18} />
      </button>
    </div>
  );
}

function TabButton({
  idBase,
  tabId,
  name,
  selected,
  onSelect,
}: {
  idBase: string;
  tabId: string | null;
  name: string;
  selected: boolean;
  onSelect: (tabId: string | null) => void;
}) {
  const { setNodeRef, isOver, active } = useDroppable({ id: tabDropId(tabId) });
  return (
    <button
      ref={setNodeRef}
      type="button"
      role="tab"
      id={tabElementId(idBase, tabId)}
      aria-selected={selected}
      aria-controls={tabPanelId(idBase)}
      tabIndex={selected ? 0 : -1}
      onClick={() => onSelect(tabId)}
      className={cx(
        'max-w-40 shrink-0 truncate border-b-2 px-3 py-2 text-sm font-medium',
        selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
        active && 'rounded-t-md',
        isOver && 'bg-primary-soft text-primary',
      )}
    >
      {name}
    </button>
  );
}
