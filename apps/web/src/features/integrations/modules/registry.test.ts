import { describe, expect, it, vi } from 'vitest';
import { createMenuStore } from '../../menu/menu-store';
import { createModuleRegistry, moduleMenuSource } from './registry';
import type { ModuleDefinition, ModuleRoute } from './types';

function route(path: string, name: string): ModuleRoute {
  return {
    path,
    staticData: { name, title: name, layout: 'standard', user: true, project: 'always', integration: true },
    component: () => null,
  };
}

function moduleOf(code: string, hooks: Pick<ModuleDefinition, 'install' | 'uninstall'> = {}): ModuleDefinition {
  return {
    code,
    name: code,
    routes: [route(`/${code}`, `${code}.index`)],
    menu: [{ id: code, label: code, route: `${code}.index`, order: 2000 }],
    ...hooks,
  };
}

function setUp(definitions: ModuleDefinition[] = [moduleOf('orders'), moduleOf('drive')]) {
  const menu = createMenuStore();
  const log = { warn: vi.fn(), error: vi.fn() };
  const registry = createModuleRegistry({ definitions, menu, log });
  return { registry, menu, log };
}

describe('the module registry', () => {
  it('installs a module: its routes and menu entries appear, its hook runs', async () => {
    const install = vi.fn();
    const { registry, menu } = setUp([moduleOf('orders', { install })]);
    expect(await registry.install('orders')).toBe(true);
    expect(registry.installed()).toEqual([{ code: 'orders', setupAt: null, config: {} }]);
    expect(registry.routes().map((r) => r.path)).toEqual(['/orders']);
    expect(menu.entries().map((e) => e.id)).toEqual(['orders']);
    expect(install).toHaveBeenCalledWith({
      projectId: undefined,
      installation: { code: 'orders', setupAt: null, config: {} },
    });
  });

  it('installs a module once', async () => {
    const install = vi.fn();
    const { registry } = setUp([moduleOf('orders', { install })]);
    await registry.install('orders');
    await registry.install('orders');
    expect(install).toHaveBeenCalledTimes(1);
    expect(registry.installed()).toHaveLength(1);
  });

  it("logs 'Integration {code} not found' for an unknown code and installs nothing", async () => {
    const { registry, log } = setUp();
    expect(await registry.install('nope')).toBe(false);
    expect(log.warn).toHaveBeenCalledWith('Integration nope not found');
    expect(registry.installed()).toEqual([]);
  });

  it('uninstalls a module: its hook runs, then its routes and menu entries go', async () => {
    const uninstall = vi.fn();
    const { registry, menu } = setUp([moduleOf('orders', { uninstall }), moduleOf('drive')]);
    await registry.install('orders');
    await registry.install('drive');
    await registry.uninstall('orders');
    expect(uninstall).toHaveBeenCalledTimes(1);
    expect(registry.installed().map((i) => i.code)).toEqual(['drive']);
    expect(registry.routes().map((r) => r.path)).toEqual(['/drive']);
    expect(menu.has(moduleMenuSource('orders'))).toBe(false);
    expect(menu.entries().map((e) => e.id)).toEqual(['drive']);
  });

  it('removes the installation record when the install hook fails', async () => {
    const failure = new Error('No licence');
    const { registry, menu } = setUp([moduleOf('orders', { install: () => Promise.reject(failure) })]);
    await expect(registry.install('orders')).rejects.toBe(failure);
    expect(registry.installed()).toEqual([]);
    expect(registry.routes()).toEqual([]);
    expect(menu.entries()).toEqual([]);
  });

  it('patches an installed module, merging its config', async () => {
    const { registry } = setUp();
    await registry.install('orders', { config: { currency: 'GBP' } });
    const patched = registry.patch('orders', { setupAt: '2026-05-01T10:00:00.000Z', config: { vat: true } });
    expect(patched).toEqual({
      code: 'orders',
      setupAt: '2026-05-01T10:00:00.000Z',
      config: { currency: 'GBP', vat: true },
    });
    expect(registry.installed()).toEqual([patched]);
  });

  it("refuses to patch a module that isn't installed", () => {
    const { registry } = setUp();
    expect(() => registry.patch('orders', { config: {} })).toThrow(
      "Can't patch an integration that hasn't been installed",
    );
  });

  it('is not ready until the first project is switched to', async () => {
    const { registry } = setUp();
    expect(registry.ready).toBe(false);
    await registry.switchProject(undefined, []);
    expect(registry.ready).toBe(true);
  });

  it("on a project switch uninstalls every module, then installs the new project's, not ready meanwhile", async () => {
    const events: string[] = [];
    const { registry, log } = setUp(
      ['orders', 'drive', 'planner'].map((code) =>
        moduleOf(code, {
          install: ({ projectId }) => void events.push(`install ${code} in ${projectId}`),
          uninstall: ({ projectId }) => void events.push(`uninstall ${code} from ${projectId}`),
        }),
      ),
    );
    const readiness: boolean[] = [];
    registry.subscribe(() => readiness.push(registry.ready));

    await registry.switchProject('p1', ['orders', 'drive']);
    expect(registry.activeProject).toBe('p1');
    events.length = 0;
    readiness.length = 0;

    const switching = registry.switchProject('p2', ['drive', 'planner', 'unknown']);
    await switching;
    expect(events).toEqual([
      'uninstall drive from p1',
      'uninstall orders from p1',
      'install drive in p2',
      'install planner in p2',
    ]);
    expect(log.warn).toHaveBeenCalledWith('Integration unknown not found');
    // False from the start of the switch until its end.
    expect(readiness.at(0)).toBe(false);
    expect(readiness.slice(0, -1).every((ready) => !ready)).toBe(true);
    expect(readiness.at(-1)).toBe(true);
    expect(registry.installed().map((i) => i.code)).toEqual(['drive', 'planner']);
    expect(registry.activeProject).toBe('p2');
  });

  it('runs switches one after the other, the last one asked winning', async () => {
    const { registry } = setUp();
    const first = registry.switchProject('p1', ['orders']);
    const second = registry.switchProject('p2', ['drive']);
    expect(registry.ready).toBe(false);
    await Promise.all([first, second]);
    expect(registry.activeProject).toBe('p2');
    expect(registry.installed().map((i) => i.code)).toEqual(['drive']);
    expect(registry.ready).toBe(true);
  });

  it('leaves a module that fails to install out of a switch, and logs why', async () => {
    const failure = new Error('Broken');
    const { registry, log } = setUp([
      moduleOf('orders', { install: () => Promise.reject(failure) }),
      moduleOf('drive'),
    ]);
    await registry.switchProject('p1', ['orders', 'drive']);
    expect(registry.installed().map((i) => i.code)).toEqual(['drive']);
    expect(log.error).toHaveBeenCalledWith(failure);
    expect(registry.ready).toBe(true);
  });
});
