import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMenuStore, useMenuEntries, type MenuEntry } from './menu-store';

describe('menu store', () => {
  it('sorts every source by order and removes exactly one source', () => {
    const store = createMenuStore();
    const changed = vi.fn();
    store.subscribe(changed);
    store.set('core', [
      { id: 'settings', label: 'Settings', route: 'projects.settings', order: 1_000_000 },
      { id: 'dashboard', label: 'Dashboard', route: 'project.dashboard', order: -1 },
    ]);
    store.set('billing', [{ id: 'billing', label: 'Billing', route: 'billing.index', order: 1000 }]);
    expect(store.entries().map((e) => e.id)).toEqual(['dashboard', 'billing', 'settings']);
    store.remove('billing');
    expect(store.entries().map((e) => e.id)).toEqual(['dashboard', 'settings']);
    expect(changed).toHaveBeenCalledTimes(3);
    store.remove('billing');
    expect(changed).toHaveBeenCalledTimes(3);
  });

  it('orders entries of the same order by label, case aside', () => {
    const store = createMenuStore();
    const entry = (id: string, label: string): MenuEntry => ({ id, label, route: `${id}.index`, order: 1000 });
    store.set('modules', [entry('z', 'zapier'), entry('b', 'Billing'), entry('a', 'analytics'), entry('c', 'Chat')]);
    expect(store.entries().map((e) => e.label)).toEqual(['analytics', 'Billing', 'Chat', 'zapier']);
  });

  describe('entries with a parent', () => {
    const modules = (): MenuEntry => ({
      id: 'modules',
      label: 'Modules',
      route: 'integrations.store',
      order: 1000,
      icon: 'modules',
      children: [{ id: 'modules.store', label: 'Store', route: 'integrations.store', order: 1000 }],
    });
    const moduleEntry = (code: string, order: number, label = code): MenuEntry => ({
      id: `module.${code}`,
      label,
      route: `integrations.${code}.settings`,
      order,
      parent: 'modules',
    });

    it("are the parent's sub-items, after its own by order then label, and not top-level", () => {
      const store = createMenuStore();
      const core = [modules(), { id: 'settings', label: 'Settings', route: 'projects.settings', order: 1_000_000 }];
      store.set('core', core);
      store.set('module:products', [moduleEntry('products', 1005, 'Products')]);
      store.set('module:drive', [moduleEntry('drive', 1002, 'Drive')]);
      store.set('module:same', [moduleEntry('same', 1005, 'Analytics')]);
      expect(store.entries().map((e) => e.id)).toEqual(['modules', 'settings']);
      expect(store.entries()[0]!.children).toEqual([
        { id: 'modules.store', label: 'Store', route: 'integrations.store', order: 1000 },
        { id: 'module.drive', label: 'Drive', route: 'integrations.drive.settings', order: 1002 },
        { id: 'module.same', label: 'Analytics', route: 'integrations.same.settings', order: 1005 },
        { id: 'module.products', label: 'Products', route: 'integrations.products.settings', order: 1005 },
      ]);
      // The parent is copied: its source's entries are as they were given.
      expect(core[0]).toEqual(modules());
    });

    it('go with their source, leaving the parent as its own source gave it', () => {
      const store = createMenuStore();
      store.set('core', [modules()]);
      store.set('module:drive', [moduleEntry('drive', 1002)]);
      store.set('module:orders', [moduleEntry('orders', 1003)]);
      store.remove('module:drive');
      expect(store.entries()[0]!.children!.map((c) => c.id)).toEqual(['modules.store', 'module.orders']);
      store.remove('module:orders');
      expect(store.entries()).toEqual([modules()]);
    });

    it('are not shown while their parent is absent, and appear when it comes', () => {
      const store = createMenuStore();
      store.set('core', [{ id: 'dashboard', label: 'Dashboard', route: 'project.dashboard', order: -1 }]);
      store.set('module:drive', [moduleEntry('drive', 1002)]);
      expect(store.entries().map((e) => e.id)).toEqual(['dashboard']);
      store.set('core', [modules()]);
      expect(store.entries()[0]!.children!.map((c) => c.id)).toEqual(['modules.store', 'module.drive']);
      store.remove('core');
      expect(store.entries()).toEqual([]);
    });

    it('work for a parent without sub-items of its own, and keep the snapshot until a change', () => {
      const store = createMenuStore();
      store.set('core', [{ id: 'modules', label: 'Modules', route: 'integrations.store', order: 1000 }]);
      store.set('module:drive', [moduleEntry('drive', 1002)]);
      const snapshot = store.entries();
      expect(snapshot[0]!.children!.map((c) => c.id)).toEqual(['module.drive']);
      expect(store.entries()).toBe(snapshot);
      store.remove('module:drive');
      expect(store.entries()).not.toBe(snapshot);
      expect(store.entries()[0]).not.toHaveProperty('children');
    });
  });

  describe("a component's own sources", () => {
    const dashboard: MenuEntry = { id: 'dashboard', label: 'Dashboard', route: 'project.dashboard', order: -1 };
    const modules: MenuEntry = { id: 'modules', label: 'Modules', route: 'integrations.store', order: 1000 };
    const drive: MenuEntry = {
      id: 'module.drive',
      label: 'Drive',
      route: 'integrations.drive.settings',
      order: 1002,
      parent: 'modules',
    };

    it('are in the first render, with the stored ones, and nest the stored sub-items', () => {
      const store = createMenuStore();
      store.set('module:drive', [drive]);
      const renders: string[][] = [];
      renderHook(() => {
        const entries = useMenuEntries(store, { core: [modules, dashboard], billing: null });
        renders.push(entries.map((e) => [e.id, ...(e.children ?? []).map((c) => c.id)].join('>')));
        return entries;
      });
      expect(renders).toEqual([['dashboard', 'modules>module.drive']]);
    });

    it('follow the store, leave out a null source, and keep their result while nothing changes', () => {
      const store = createMenuStore();
      store.set('billing', [{ id: 'billing', label: 'Billing', route: 'billing.index', order: 1000 }]);
      const { result, rerender } = renderHook(
        ({ billing }: { billing: MenuEntry[] | null }) => useMenuEntries(store, { core: [dashboard], billing }),
        { initialProps: { billing: null as MenuEntry[] | null } },
      );
      expect(result.current.map((e) => e.id)).toEqual(['dashboard']);
      const first = result.current;
      rerender({ billing: null });
      expect(result.current).toBe(first);
      act(() => store.set('module:x', [{ id: 'x', label: 'X', route: 'x.index', order: 5 }]));
      expect(result.current.map((e) => e.id)).toEqual(['dashboard', 'x']);
      rerender({ billing: [{ id: 'own-billing', label: 'Billing', route: 'billing.index', order: 1000 }] });
      expect(result.current.map((e) => e.id)).toEqual(['dashboard', 'x', 'own-billing']);
    });
  });
});
