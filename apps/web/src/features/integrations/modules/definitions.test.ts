import { MODULE_CODES } from '@wharf/contract';
import { describe, expect, it, vi } from 'vitest';
import { MODULES_MENU_ID, coreMenuEntries } from '../../menu/core-menu';
import { createMenuStore } from '../../menu/menu-store';
import {
  codeOfSettingsRoute,
  moduleDefinitions,
  moduleName,
  MODULE_MENU_ORDER,
  settingsRouteName,
} from './definitions';
import { createModuleRegistry } from './registry';

describe('the console’s module definitions', () => {
  it('knows every registered code (SPEC.md section 1), once', () => {
    expect(moduleDefinitions.map((d) => d.code)).toEqual([...MODULE_CODES]);
  });

  it('gives every module but core a settings page at /modules/{code} and a menu entry under Modules', () => {
    for (const definition of moduleDefinitions.filter((d) => d.code !== 'core')) {
      const [route] = definition.routes;
      expect(route?.path).toBe(`/modules/${definition.code}`);
      expect(route?.staticData).toMatchObject({
        name: settingsRouteName(definition.code),
        integration: true,
        project: 'always',
      });
      expect(definition.menu[0]).toEqual(
        expect.objectContaining({
          label: definition.name,
          route: settingsRouteName(definition.code),
          parent: MODULES_MENU_ID,
        }),
      );
      // Only the storefront's modules (issue 22) and mail marketing (issue 23) bring pages and entries of their own.
      if (!['domains', 'orders', 'customers', 'platform', 'reviews', 'marketing', 'flows'].includes(definition.code))
        expect(definition.menu).toHaveLength(1);
      expect(definition.menu[0]!.order).toBeGreaterThan(MODULE_MENU_ORDER - 1);
      expect(definition.menu[0]!.order).toBeLessThan(10_000);
    }
  });

  it('gives the storefront’s modules their pages under /platform, with top-level entries gated by permission', () => {
    const pages = (code: string) =>
      moduleDefinitions
        .find((d) => d.code === code)!
        .routes.slice(1)
        .map((r) => [r.path, r.staticData.name, r.staticData.integration]);
    expect(pages('orders')).toEqual([
      ['/platform/orders', 'platform.orders', true],
      ['/platform/orders/$orderId', 'platform.orders.view', true],
    ]);
    expect(pages('customers')).toEqual([
      ['/platform/customers', 'platform.customers', true],
      ['/platform/customers/$customerId', 'platform.customers.view', true],
      ['/platform/enquiries', 'platform.enquiries', true],
      ['/platform/enquiries/$enquiryId', 'platform.enquiries.view', true],
    ]);
    // The payment account's connect flow returns to this path (the server builds it).
    expect(pages('platform')).toEqual([['/platform/payment', 'platform.payment', true]]);
    expect(pages('reviews')).toEqual([['/platform/reviews', 'platform.reviews', true]]);
    expect(pages('domains')).toEqual([['/platform/domains', 'platform.domains', true]]);
    // Mail marketing (issue 23) has its pages under /marketing, one menu entry with sub-items.
    expect(pages('marketing').map(([path]) => path)).toEqual([
      '/marketing/subscribers',
      '/marketing/subscribers/import',
      '/marketing/subscribers/$subscriberId',
      '/marketing/lists',
      '/marketing/drafts',
      '/marketing/drafts/$draftId',
      '/marketing/campaigns',
      '/marketing/campaigns/$campaignId',
    ]);
    expect(pages('flows')).toEqual([
      ['/flows', 'flows.list', true],
      ['/flows/$flowId', 'flows.view', true],
    ]);
    const needs = moduleDefinitions.flatMap((d) => d.menu.slice(1).map((e) => [e.route, e.needs, e.parent]));
    expect(needs).toEqual([
      ['platform.domains', 'domains.read', undefined],
      ['platform.orders', 'orders.read', undefined],
      ['marketing.subscribers', 'mail.read', undefined],
      ['flows.list', 'flows.read', undefined],
      ['platform.customers', 'customers.read', undefined],
      ['platform.enquiries', 'enquiries.read', undefined],
      ['platform.payment', 'storefront.manage', undefined],
      ['platform.reviews', 'reviews.read', undefined],
    ]);
  });

  it("puts installed modules under Modules, after its Store, in SPEC.md's order of codes", async () => {
    const menu = createMenuStore();
    menu.set('core', coreMenuEntries({ integrations: true }));
    const registry = createModuleRegistry({ menu });
    // Installed out of order: the menu keeps SPEC.md section 1's order.
    await registry.switchProject('p1', ['googleAnalytics', 'website', 'products']);
    const subItems = () =>
      menu
        .entries()
        .find((e) => e.id === MODULES_MENU_ID)!
        .children!.map((c) => c.label);
    expect(menu.entries().map((e) => e.id)).not.toContain('module.products');
    const expected = MODULE_CODES.filter((code) => ['products', 'website', 'googleAnalytics'].includes(code));
    expect(subItems()).toEqual(['Store', ...expected.map(moduleName)]);

    await registry.uninstall('website');
    expect(subItems()).toEqual(['Store', 'Products', 'Google Analytics']);
  });

  it('shows no module entries without the Modules entry (no integrations.read)', async () => {
    const menu = createMenuStore();
    menu.set('core', coreMenuEntries({ integrations: false }));
    const registry = createModuleRegistry({ menu });
    await registry.switchProject('p1', ['products']);
    const labels = menu.entries().flatMap((e) => [e.label, ...(e.children ?? []).map((c) => c.label)]);
    expect(labels).not.toContain('Products');
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
