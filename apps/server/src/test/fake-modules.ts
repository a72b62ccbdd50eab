import { z } from 'zod';
import { httpConnector } from '../modules/integrations/connectors/http.js';
import type { ModuleRegistry } from '../modules/integrations/lifecycle.js';
import { defineManifest, type ModuleManifest } from '../modules/integrations/manifest.js';

// A small registry for the lifecycle's tests: a dependency chain, a connector, a priced module and
// one whose install hook fails. Real codes (the type demands them), made-up behaviour.

/** What the hooks saw, in order, so tests can check that hooks run and in which transaction's order. */
export const hookCalls: string[] = [];

const basic = (code: ModuleManifest['code'], name: string, dependsOn: ModuleManifest['code'][] = []) =>
  defineManifest({
    code,
    name,
    category: 'commerce',
    description: `${name} for tests.`,
    icon: 'box',
    dependsOn,
    prices: [],
    needsSetup: false,
    config: z.object({}),
    hooks: {
      install: async ({ code: c }) => {
        hookCalls.push(`install:${c}`);
      },
      uninstall: async ({ code: c }) => {
        hookCalls.push(`uninstall:${c}`);
      },
    },
  });

export const fakeModules: ModuleRegistry = new Map(
  [
    basic('core', 'Core'),
    basic('products', 'Products', ['core']),
    defineManifest({
      ...basic('wooCommerce', 'WooCommerce', ['products']),
      category: 'sales-channels',
      needsSetup: true,
      prices: [
        { currency: 'EUR', monthlyAmount: 900 },
        { currency: 'USD', monthlyAmount: 1000 },
      ],
      config: z.object({
        storeName: z.string().min(1, 'Give the store name.').default('My store'),
        syncMinutes: z.number().int().min(5, 'Sync at most every 5 minutes.').default(15),
      }),
      connector: {
        credentials: z.object({
          siteUrl: z.url({ error: 'Give the address of the WooCommerce site.' }),
          apiKey: z.string().min(8, 'The API key is at least 8 characters.'),
        }),
        adapter: httpConnector({
          provider: 'WooCommerce',
          url: (c) => `${c.siteUrl}/wp-json/wc/v3/system_status`,
          headers: (c) => ({ authorization: `Bearer ${c.apiKey}` }),
        }),
      },
    }),
    basic('wooCommerceApp', 'WooCommerce app', ['wooCommerce']),
    basic('orders', 'Orders', ['products']),
    basic('docs', 'Docs'),
    defineManifest({
      ...basic('faqs', 'FAQs', ['docs']),
      hooks: {
        install: async () => {
          throw new Error('The FAQ index could not be built');
        },
      },
    }),
  ].map((m) => [m.code, m]),
);
