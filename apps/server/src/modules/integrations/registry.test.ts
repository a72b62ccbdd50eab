import { readFileSync } from 'node:fs';
import { MODULE_CODES } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { allManifests } from './manifests/index.js';
import {
  categories,
  dependenciesOf,
  dependencyOrder,
  dependentsOf,
  findManifest,
  moduleRegistry,
  requireManifest,
} from './registry.js';

const manifests = [...moduleRegistry.values()];

/** The console's icon names, read from the web's icon set as text: the server imports no web code. */
const iconNames = (() => {
  const source = readFileSync(new URL('../../../../web/src/ui/Icon.tsx', import.meta.url), 'utf8');
  const block = /const paths = \{([\s\S]*?)\n\} satisfies/.exec(source)?.[1] ?? '';
  return new Set([...block.matchAll(/^ {2}'?([\w-]+)'?:/gm)].map((m) => m[1]));
})();

describe('the module registry', () => {
  it("holds exactly SPEC.md's 72 codes, each once, in its order", () => {
    expect(MODULE_CODES).toHaveLength(72);
    expect(allManifests).toHaveLength(72);
    expect([...moduleRegistry.keys()]).toEqual([...MODULE_CODES]);
  });

  it('names only registered dependencies, never itself, never twice', () => {
    for (const manifest of manifests) {
      for (const dependency of manifest.dependsOn) {
        expect(moduleRegistry.has(dependency), `${manifest.code} → ${dependency}`).toBe(true);
      }
      expect(manifest.dependsOn).not.toContain(manifest.code);
      expect(new Set(manifest.dependsOn).size).toBe(manifest.dependsOn.length);
    }
  });

  it('has no dependency cycle: one order puts every module after all it needs', () => {
    const order = dependencyOrder(MODULE_CODES);
    expect(new Set(order).size).toBe(72);
    for (const manifest of manifests) {
      for (const dependency of manifest.dependsOn) {
        expect(order.indexOf(dependency), `${dependency} before ${manifest.code}`).toBeLessThan(
          order.indexOf(manifest.code),
        );
      }
    }
  });

  it('keeps core implicit: it needs nothing, and no module lists it', () => {
    expect(findManifest('core')?.dependsOn).toEqual([]);
    expect(manifests.filter((m) => m.dependsOn.includes('core'))).toEqual([]);
  });

  it('gives every module a valid configuration from nothing (every setting has a default)', () => {
    for (const manifest of manifests) {
      const parsed = manifest.config.safeParse({});
      expect(parsed.success, `${manifest.code}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('files every module under a known category, and every category has modules', () => {
    const known = new Set(categories.map((c) => c.code));
    for (const manifest of manifests) expect(known, manifest.code).toContain(manifest.category);
    for (const category of categories) {
      expect(
        manifests.some((m) => m.category === category.code),
        category.code,
      ).toBe(true);
    }
    expect(new Set(categories.map((c) => c.code)).size).toBe(categories.length);
  });

  it("uses only icons of the console's icon set", () => {
    expect(iconNames.size).toBeGreaterThan(20); // the regex found the set, not an empty block
    expect(iconNames).toContain('chevron-down');
    for (const manifest of manifests) expect(iconNames, manifest.code).toContain(manifest.icon);
  });

  it('describes every module in a sentence and prices paid ones in EUR, USD and GBP', () => {
    for (const manifest of manifests) {
      expect(manifest.name.trim()).not.toBe('');
      expect(manifest.description).toMatch(/^[A-Z].*\.$/);
      if (manifest.prices.length > 0) {
        expect(
          manifest.prices.map((p) => p.currency),
          manifest.code,
        ).toEqual(['EUR', 'USD', 'GBP']);
        for (const price of manifest.prices)
          expect(Number.isInteger(price.monthlyAmount) && price.monthlyAmount > 0).toBe(true);
      }
      const slugs = (manifest.products ?? []).map((p) => p.slug);
      expect(new Set(slugs).size, manifest.code).toBe(slugs.length);
    }
    expect(manifests.filter((m) => m.prices.length > 0).length).toBeGreaterThan(5);
  });

  it('makes the third-party modules connectors, which need their set-up step and refuse missing credentials', () => {
    const expected = [
      'shopify',
      'wooCommerce',
      'ecwid',
      'etsy',
      'wix',
      'amazon',
      'tiktokShop',
      'printify',
      'gelato',
      'shipstation',
      'shiprocket',
      'shipmate',
      'mirakl',
      'rithum',
      'ochre',
      'kickflip',
      'lemonstand',
      'ralawise',
    ];
    for (const code of expected) expect(findManifest(code)?.connector, code).toBeDefined();
    for (const manifest of manifests.filter((m) => m.connector)) {
      expect(manifest.needsSetup, manifest.code).toBe(true);
      expect(manifest.connector?.credentials.safeParse({}).success, manifest.code).toBe(false);
    }
  });

  it('refuses bad settings and credentials in words a person can act on', () => {
    const shopify = requireManifest('shopify');
    const credentials = shopify.connector?.credentials.safeParse({ shopUrl: 'http://example.myshopify.com' });
    expect(credentials?.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['shopUrl', 'Enter the shop address, such as https://example.myshopify.com.'],
      ['accessToken', "Enter the Admin API access token of your store's custom app."],
    ]);
    expect(shopify.config.safeParse({ syncEveryMinutes: 1 }).error?.issues[0]?.message).toBe(
      'Sync at most every 5 minutes.',
    );
    const analytics = requireManifest('googleAnalytics');
    expect(analytics.config.safeParse({ measurementId: 'UA-12345-1' }).error?.issues[0]?.message).toBe(
      'Enter the measurement ID, such as G-ABC123XYZ9.',
    );
    expect(analytics.config.parse({ measurementId: 'G-ABC123XYZ9' })).toEqual({
      measurementId: 'G-ABC123XYZ9',
      anonymiseIp: true,
    });
    const redirects = requireManifest('redirects');
    expect(
      redirects.config.safeParse({
        rules: [
          { from: '/a', to: '/b' },
          { from: '/a', to: '/c' },
        ],
      }).error?.issues[0]?.message,
    ).toBe('Each old address can be redirected only once.');
  });
});

describe('finding a manifest', () => {
  it('finds registered codes and nothing else', () => {
    expect(findManifest('shopify')?.name).toBe('Shopify');
    expect(findManifest('Shopify')).toBeUndefined();
    expect(findManifest('constructor')).toBeUndefined();
  });

  it("answers an unknown code with SPEC.md's 404", () => {
    const error = (() => {
      try {
        requireManifest('nope');
      } catch (thrown) {
        return thrown;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 404, code: 'INTEGRATION_NOT_FOUND', message: 'Integration nope not found' });
  });
});

describe('dependency order', () => {
  it('puts a module after what it needs, including what that needs', () => {
    const order = dependencyOrder(['wooCommerceApp']);
    expect(order).toEqual(['products', 'orders', 'wooCommerce', 'wooCommerceApp']);
    expect(order.indexOf('wooCommerce')).toBeLessThan(order.indexOf('wooCommerceApp'));
  });

  it('lists each module once, in a stable order', () => {
    expect(dependencyOrder(['shopify', 'wooCommerce', 'products'])).toEqual([
      'products',
      'orders',
      'shopify',
      'wooCommerce',
    ]);
    expect(dependenciesOf('aiStudio')).toEqual(['products', 'drive']);
    expect(dependenciesOf('core')).toEqual([]);
  });

  it('refuses an unknown code with the 404', () => {
    expect(() => dependencyOrder(['shopify', 'nope'])).toThrow('Integration nope not found');
  });
});

describe('dependents', () => {
  it('names installed modules that need the one asked for, directly or through others', () => {
    const installed = ['products', 'orders', 'shopify', 'wooCommerce', 'wooCommerceApp', 'drive'];
    expect(dependentsOf('wooCommerce', installed)).toEqual(['wooCommerceApp']);
    expect(dependentsOf('products', installed)).toEqual(['orders', 'shopify', 'wooCommerce', 'wooCommerceApp']);
    expect(dependentsOf('drive', installed)).toEqual([]);
    expect(dependentsOf('shopify', installed)).toEqual([]);
  });

  it('ignores modules that are not installed and codes that are not registered', () => {
    // Even with the link in between missing, wooCommerceApp still needs products.
    expect(dependentsOf('products', ['products', 'wooCommerceApp', 'retiredModule'])).toEqual(['wooCommerceApp']);
    expect(dependentsOf('products', new Set(['products']))).toEqual([]);
  });
});
