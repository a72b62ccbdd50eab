import type { Permission } from '@wharf/contract/permissions';
import { useMemo, useSyncExternalStore } from 'react';
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
  /** The permission its page opens with: a role without it does not see the entry (use-shell-menu.ts). */
  needs?: Permission;
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
 * Every source's entries as one menu, sorted by order. Entries with a `parent` are published as that
 * entry's sub-items, not at the top level.
 */
export function composeMenu(sources: Iterable<MenuEntry[]>): MenuEntry[] {
  const top: MenuEntry[] = [];
  const nested = new Map<string, MenuChild[]>();
  for (const entries of sources) {
    for (const entry of entries) {
      if (entry.parent === undefined) {
        top.push(entry);
        continue;
      }
      // A contributed sub-item keeps only what a sub-item has (one level deep).
      const { parent, children: _children, ...child } = entry;
      nested.set(parent, [...(nested.get(parent) ?? []), child]);
    }
  }
  // Sources contribute sub-items to another source's entry (a module under the core Modules
  // entry), so they are merged here rather than by the owner: the parent is copied, never
  // mutated, since its source's array is the caller's. Sub-items whose parent is absent (no
  // integration access, so no Modules) are not shown rather than promoted to the top level.
  return top
    .map((entry) => {
      const extra = nested.get(entry.id);
      return extra ? { ...entry, children: [...(entry.children ?? []), ...extra].sort(byOrder) } : entry;
    })
    .sort(byOrder);
}

/**
 * The console's menu, contributed to by sources — each installed module, and any source set from
 * outside React — and sorted by order. A source replaces its own entries as a whole, and removing a
 * source (a module uninstalled, the project changed) takes exactly its entries away.
 */
export function createMenuStore() {
  const sources = new Map<string, MenuEntry[]>();
  const listeners = new Set<Listener>();
  let published: ReadonlyMap<string, MenuEntry[]> = new Map();
  let snapshot: MenuEntry[] = [];

  const publish = () => {
    published = new Map(sources);
    snapshot = composeMenu(sources.values());
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
    /** Each source's entries as last published (a new map on every change). */
    sources(): ReadonlyMap<string, MenuEntry[]> {
      return published;
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

/**
 * The menu's entries, sorted by order; re-renders when any source changes. `own` are sources the
 * caller derives while rendering (the shell's core and billing entries, from the project and access
 * it already holds; null leaves a source out): they join the stored ones in the same render, where
 * setting them from an effect would paint the sidebar without them and then render it all again.
 */
export function useMenuEntries(
  store: MenuStore = menuStore,
  own: Record<string, MenuEntry[] | null> = {},
): MenuEntry[] {
  const stored = useSyncExternalStore(store.subscribe, store.sources, store.sources);
  // By value: callers build fresh arrays on every render.
  const ownKey = JSON.stringify(own);
  return useMemo(() => {
    const merged = new Map(stored);
    for (const [source, entries] of Object.entries(JSON.parse(ownKey) as Record<string, MenuEntry[] | null>))
      if (entries === null) merged.delete(source);
      else merged.set(source, entries);
    return composeMenu(merged.values());
  }, [stored, ownKey]);
}
