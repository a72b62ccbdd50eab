import { MODULE_CODES } from '@wharf/contract';
import { describe, expect, it, vi } from 'vitest';
import { createMenuStore } from '../menu/menu-store';
import { codeOfSettingsRoute, moduleDefinitions, MODULE_MENU_ORDER, settingsRouteName } from './definitions';
import { createModuleRegistry } from './registry';

describe('the console’s module definitions', () => {
  it('knows every registered code (SPEC.md section 1), once', () => {
    expect(moduleDefinitions.map((d) => d.code)).toEqual([...MODULE_CODES]);
  });

  it('gives every module but core a settings page at /modules/{code} and a menu entry after Modules', () => {
    for (const definition of moduleDefinitions.filter((d) => d.code !== 'core')) {
      const [route] = definition.routes;
      expect(route?.path).toBe(`/modules/${definition.code}`);
      expect(route?.staticData).toMatchObject({
        name: settingsRouteName(definition.code),
        integration: true,
        project: 'always',
      });
      expect(definition.menu).toEqual([
        expect.objectContaining({ label: definition.name, route: settingsRouteName(definition.code) }),
      ]);
      expect(definition.menu[0]!.order).toBeGreaterThan(MODULE_MENU_ORDER - 1);
      expect(definition.menu[0]!.order).toBeLessThan(10_000);
    }
  });

  it('reads the module back from a settings page’s route name, and nothing from other names', () => {
    expect(codeOfSettingsRoute(settingsRouteName('tiktokShop'))).toBe('tiktokShop');
    expect(codeOfSettingsRoute('integrations.store')).toBeUndefined();
    expect(codeOfSettingsRoute(undefined)).toBeUndefined();
  });

  it("logs 'Integration {code} not found' for a code it does not know (SPEC.md section 8)", async () => {
    const log = { warn: vi.fn(), error: vi.fn() };
    const registry = createModuleRegistry({ menu: createMenuStore(), log });
    await registry.switchProject('p1', ['shopify', 'dhl']);
    expect(log.warn).toHaveBeenCalledWith('Integration dhl not found');
    expect(registry.installed().map((i) => i.code)).toEqual(['shopify']);
  });
});
