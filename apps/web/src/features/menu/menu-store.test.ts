import { describe, expect, it, vi } from 'vitest';
import { createMenuStore } from './menu-store';

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
});
