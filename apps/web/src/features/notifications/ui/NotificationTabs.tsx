import type { KeyboardEvent } from 'react';
import { cx } from '../../../ui/cx';
import type { NotificationTab, TabKey } from '../tabs';

export interface NotificationTabsProps {
  tabs: readonly NotificationTab[];
  active: TabKey;
  onChange: (key: TabKey) => void;
  /** The ids of the tabs (`{idBase}-tab-{key}`) and of the panel they control. */
  idBase: string;
  panelId: string;
}

export const tabId = (idBase: string, key: TabKey) => `${idBase}-tab-${key}`;

/**
 * The panel's tabs (WAI-ARIA tabs): one tab stop, the arrow keys (and Home, End) move between tabs
 * and open the one reached.
 */
export function NotificationTabs({ tabs, active, onChange, idBase, panelId }: NotificationTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    let next: number | undefined;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onChange(tab.key);
    document.getElementById(tabId(idBase, tab.key))?.focus();
  };

  return (
    <div
      role="tablist"
      aria-label="Notification groups"
      className="flex shrink-0 gap-1 overflow-x-auto border-b border-border px-2"
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={tabId(idBase, tab.key)}
            aria-selected={selected}
            aria-controls={panelId}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.key)}
            className={cx(
              '-mb-px flex min-w-0 shrink-0 items-center gap-1.5 border-b-2 px-3 py-2.5 text-sm font-medium focus-visible:outline-offset-[-2px]',
              selected ? 'border-primary text-primary' : 'border-transparent text-muted hover:text-text',
            )}
          >
            <span className="max-w-36 truncate">{tab.label}</span>
            {tab.unread > 0 && (
              <>
                <span
                  aria-hidden="true"
                  className="rounded-full bg-primary-soft px-1.5 text-xs leading-5 font-semibold text-primary"
                >
                  {tab.unread}
                </span>
                <span className="sr-only">, {tab.unread} unread</span>
              </>
            )}
          </button>
        );
      })}
    </div>
  );
}
