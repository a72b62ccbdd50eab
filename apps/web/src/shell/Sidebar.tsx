import { useRouterState } from '@tanstack/react-router';
import { useId, useState, type ReactNode } from 'react';
import { activeEntry, menuLink } from '../features/menu/menu-links';
import type { MenuEntry } from '../features/menu/menu-store';
import { cx } from '../ui/cx';
import { MenuIcon } from './MenuIcon';
import { MenuLink } from './MenuLink';

const itemClasses =
  'flex min-w-0 flex-1 items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted ' +
  'hover:bg-surface-raised hover:text-text aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary';

export interface SidebarMenuProps {
  /** Names the navigation landmark (`Account`, `Project`). */
  label: string;
  entries: MenuEntry[];
  /** The active project's id: links to routes that take one carry it. */
  project?: string | undefined;
  /** Above the entries (the active project's name). */
  heading?: ReactNode;
  /** Called when a link is followed (the drawer closes). */
  onNavigate?: () => void;
}

/**
 * The side menu (SPEC.md section 2): entries by order, each a link; those with sub-items have a
 * button (aria-expanded) that shows or hides them. The active entry is the one matching the
 * longest part of the path, and its parent starts open. Plain links and buttons, so Tab, Enter
 * and Space work as everywhere.
 */
export function SidebarMenu({ label, entries, project, heading, onNavigate }: SidebarMenuProps) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = activeEntry(entries, pathname);
  // What the user opened or closed; untouched parents are open when they hold the active entry.
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  const sorted = [...entries].sort((a, b) => a.order - b.order);

  return (
    <nav aria-label={label} className="flex min-h-0 flex-1 flex-col">
      {heading}
      <ul className="grid grid-cols-[minmax(0,1fr)] gap-0.5 overflow-y-auto overscroll-contain p-3">
        {sorted.map((entry) => (
          <SidebarItem
            key={entry.id}
            entry={entry}
            project={project}
            activeId={active?.id}
            open={expanded[entry.id] ?? active?.parentId === entry.id}
            onToggle={() =>
              setExpanded((now) => ({ ...now, [entry.id]: !(now[entry.id] ?? active?.parentId === entry.id) }))
            }
            onNavigate={onNavigate}
          />
        ))}
      </ul>
    </nav>
  );
}

function SidebarItem({
  entry,
  project,
  activeId,
  open,
  onToggle,
  onNavigate,
}: {
  entry: MenuEntry;
  project: string | undefined;
  activeId: string | undefined;
  open: boolean;
  onToggle: () => void;
  onNavigate: (() => void) | undefined;
}) {
  const listId = useId();
  const link = menuLink(entry.route, project);
  const children = [...(entry.children ?? [])].sort((a, b) => a.order - b.order);
  return (
    <li>
      <div className="flex items-center gap-0.5">
        <MenuLink link={link} current={activeId === entry.id} className={itemClasses} onNavigate={onNavigate}>
          <span className="grid size-5 shrink-0 place-items-center">
            <MenuIcon name={entry.icon} />
          </span>
          <span className="truncate">{entry.label}</span>
        </MenuLink>
        {children.length > 0 && (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={`${entry.label} pages`}
            onClick={onToggle}
            className="grid size-9 shrink-0 place-items-center rounded-md text-muted hover:bg-surface-raised hover:text-text"
          >
            <span className={cx('transition-transform motion-reduce:transition-none', open && 'rotate-90')}>
              <MenuIcon name="chevron-right" size={16} />
            </span>
          </button>
        )}
      </div>
      {children.length > 0 && (
        <ul
          id={listId}
          hidden={!open}
          className="mt-0.5 ml-[1.6rem] grid grid-cols-[minmax(0,1fr)] gap-0.5 border-l border-border pl-2"
        >
          {children.map((child) => {
            const childLink = menuLink(child.route, project);
            return (
              <li key={child.id}>
                <MenuLink
                  link={childLink}
                  current={activeId === child.id}
                  className={cx(itemClasses, 'py-1.5')}
                  onNavigate={onNavigate}
                >
                  {/* Sub-items wrap rather than lose the end of a long name. */}
                  <span className="min-w-0 break-words">{child.label}</span>
                </MenuLink>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
