import { useEffect, useSyncExternalStore } from 'react';
import type { RouteNameInput } from '../../app/navigation';

/** One item of the sidebar (and, with an icon, of the bottom bar on small screens). SPEC.md section 2. */
export interface MenuEntry {
  /** Unique within the menu; sub-items use their own ids. */
  id: string;
  label: string;
  /** The route it opens, by name; the `project` query is carried by the menu. */
  route: RouteNameInput;
  /** Sort key: Dashboard -1, Chat 311, Users 500, Support 600, Modules 1000, Developer 10000, Settings 1000000… */
  order: number;
  /** An icon name (see the shell's icon set); only entries with one reach the bottom bar. */
  icon?: string;
  /**
   * The id of a top-level entry this one sits under (installed modules go under Modules). Such an
   * entry is one of that parent's sub-items, and is not shown at all while the parent is absent.
   */
  parent?: string;
  children?: MenuChild[];
}

/** A sub-item: one level deep, so it has no sub-items (nor a parent) of its own. */
export type MenuChild = Omit<MenuEntry, 'children' | 'parent'>;

type Listener = () => void;

/**
 * By order, then by label, case aside. Not `localeCompare`: its first call builds the browser's
 * collation tables, measured at some 30 ms of a slow phone's first paint (docs/performance.md),
 * to order labels that are the console's own English words and module names.
 */
const byOrder = (a: MenuChild, b: MenuChild) => a.order - b.order || alphabetical(a.label, b.label);

function alphabetical(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The console's menu, contributed to by sources — the core shell, billing when its data loads, each
 * installed module — and sorted by order. A source replaces its own entries as a whole, and removing
 * a source (a module uninstalled, the project changed) takes exactly its entries away. Entries
 * with a `parent` are published as that entry's sub-items, not at the top level.
 */
export function createMenuStore() {
  const sources = new Map<string, MenuEntry[]>();
  const listeners = new Set<Listener>();
  let snapshot: MenuEntry[] = [];

  const publish = () => {
    const top: MenuEntry[] = [];
    const nested = new Map<string, MenuChild[]>();
    for (const entry of [...sources.values()].flat()) {
      if (entry.parent === undefined) {
        top.push(entry);
        continue;
      }
      // A contributed sub-item keeps only what a sub-item has (one level deep).
      const { parent, children: _children, ...child } = entry;
      nested.set(parent, [...(nested.get(parent) ?? []), child]);
    }
    // Sources contribute sub-items to another source's entry (a module under the core Modules
    // entry), so they are merged here rather than by the owner: the parent is copied, never
    // mutated, since its source's array is the caller's. Sub-items whose parent is absent (no
    // integration access, so no Modules) are not shown rather than promoted to the top level.
    snapshot = top
      .map((entry) => {
        const extra = nested.get(entry.id);
        return extra ? { ...entry, children: [...(entry.children ?? []), ...extra].sort(byOrder) } : entry;
      })
      .sort(byOrder);
    for (const listener of listeners) listener();
  };

  return {
    set(source: string, entries: MenuEntry[]): void {
      sources.set(source, entries);
      publish();
    },
    remove(source: string): void {
      if (sources.delete(source)) publish();
    },
    has(source: string): boolean {
      return sources.has(source);
    },
    entries(): MenuEntry[] {
      return snapshot;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type MenuStore = ReturnType<typeof createMenuStore>;

/** The console's one menu. */
export const menuStore = createMenuStore();

/** The menu's entries, sorted by order; re-renders when any source changes. */
export function useMenuEntries(store: MenuStore = menuStore): MenuEntry[] {
  return useSyncExternalStore(store.subscribe, store.entries, store.entries);
}

/**
 * Keeps one source of the menu in step with a component: `entries` replace the source while it is
 * mounted (null removes it), and unmounting takes the source away. Entries are compared by value,
 * so a fresh array with the same items does not republish.
 */
export function useMenuSource(source: string, entries: MenuEntry[] | null, store: MenuStore = menuStore): void {
  const key = entries === null ? null : JSON.stringify(entries);
  useEffect(() => {
    if (key === null) {
      store.remove(source);
      return;
    }
    store.set(source, JSON.parse(key) as MenuEntry[]);
  }, [source, key, store]);
  useEffect(() => () => store.remove(source), [source, store]);
}
