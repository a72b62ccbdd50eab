import { useRouterState } from '@tanstack/react-router';
import { activeEntry, menuLink, navBarEntries } from '../features/menu/menu-links';
import type { MenuEntry } from '../features/menu/menu-store';
import { cx } from '../ui/cx';
import { MenuIcon } from './MenuIcon';
import { MenuLink } from './MenuLink';

/**
 * The bottom nav bar of small screens (under lg, SPEC.md sections 2 and 9): at most 5 entries that
 * have icons, by order; 3rem high on the navbar layer, clear of the phone's home indicator. An
 * entry is marked current when the page is it or one of its sub-items.
 */
export function BottomNavBar({ entries, project }: { entries: MenuEntry[]; project?: string | undefined }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const items = navBarEntries(entries);
  if (items.length === 0) return null;
  const active = activeEntry(entries, pathname);
  const currentId = active?.parentId ?? active?.id;
  return (
    <nav
      aria-label="Quick links"
      className="fixed inset-x-0 bottom-0 z-navbar border-t border-border bg-surface pb-[env(safe-area-inset-bottom)] lg:hidden print:hidden"
    >
      <ul className="mx-auto flex h-12 max-w-lg items-stretch">
        {items.map((entry) => (
          <li key={entry.id} className="min-w-0 flex-1">
            <MenuLink
              link={menuLink(entry.route, project)}
              current={currentId === entry.id}
              aria-label={shortLabel(entry.label) === entry.label ? undefined : entry.label}
              className={cx(
                'flex h-full flex-col items-center justify-center gap-0.5 px-1 text-[0.6875rem] font-medium text-muted',
                'hover:text-text aria-[current=page]:text-primary',
              )}
            >
              <MenuIcon name={entry.icon} size={20} />
              <span className="max-w-full truncate">{shortLabel(entry.label)}</span>
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `Developer (APIs)` fits a fifth of a phone as `Developer`. */
function shortLabel(label: string): string {
  return label.replace(/\s*\(.*\)$/, '');
}
