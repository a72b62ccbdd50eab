import { Integration, IntegrationCategory, IntegrationProduct, MODULE_CODES } from '@wharf/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  findProduct,
  listCategories,
  listIntegrations,
  listProducts,
  requireCategory,
  requireIntegration,
  requireProduct,
  toJsonSchema,
} from './catalogue.js';
import { moduleRegistry } from './registry.js';

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

const MISSING = Symbol('missing');

/** A value that breaks the rule a JSON Schema keyword of `property` states, or undefined if none can be made. */
function brokenValue(
  property: Record<string, unknown>,
  keyword: string,
): { value: unknown } | typeof MISSING | undefined {
  const num = (key: string) => property[key] as number;
  switch (keyword) {
    case 'required':
      return MISSING;
    case 'minLength':
      return num('minLength') > 0 ? { value: 'a'.repeat(num('minLength') - 1) } : undefined;
    case 'maxLength':
      return { value: 'a'.repeat(num('maxLength') + 1) };
    case 'minimum':
      return { value: num('minimum') - 1 };
    case 'exclusiveMinimum':
      return { value: num('exclusiveMinimum') };
    case 'maximum':
      return { value: num('maximum') + 1 };
    case 'exclusiveMaximum':
      return { value: num('exclusiveMaximum') };
    case 'enum':
      return { value: '__none_of_these__' };
    case 'type':
      return { value: property.type === 'integer' ? 1.5 : {} };
    case 'format':
    case 'pattern':
      return { value: 'not valid at all!' };
    default:
      return undefined;
  }
}

describe('the catalogue', () => {
  it("lists every module in SPEC.md's order, each a valid contract Integration", () => {
    const integrations = listIntegrations();
    expect(integrations.map((i) => i.code)).toEqual([...MODULE_CODES]);
    for (const integration of integrations) expect(() => Integration.parse(integration)).not.toThrow();
  });

  it('publishes settings as JSON Schema with their properties, bounds and defaults', () => {
    const shopify = requireIntegration('shopify');
    expect(shopify).toMatchObject({ name: 'Shopify', category: 'sales-channels', connector: true, needsSetup: true });
    expect(shopify.dependsOn).toEqual(['orders']);
    expect(shopify.configSchema).toMatchObject({
      type: 'object',
      properties: {
        importProducts: { type: 'boolean', default: true, title: 'Import products' },
        syncEveryMinutes: { type: 'integer', minimum: 5, maximum: 1440, default: 60 },
      },
    });
    // Defaults make every setting optional on input: a fresh install sends nothing.
    expect(shopify.configSchema.required).toBeUndefined();
  });

  it('publishes credentials as JSON Schema, required unless they have a default, and null for other modules', () => {
    expect(requireIntegration('shopify').credentialsSchema).toMatchObject({
      type: 'object',
      properties: { shopUrl: { type: 'string', format: 'uri' }, accessToken: { type: 'string', minLength: 1 } },
      required: ['shopUrl', 'accessToken'],
    });
    expect(requireIntegration('ochre').credentialsSchema).toMatchObject({
      properties: { apiUrl: { default: 'https://api.ochre.io' } },
      required: ['apiKey'],
    });
    expect(requireIntegration('orders').credentialsSchema).toBeNull();
    expect(requireIntegration('orders').connector).toBe(false);
  });

  it('publishes each field’s own zod messages as errorMessage, by the keyword that carries the rule', () => {
    const schema = z.object({
      id: z
        .string()
        .regex(/^G-[A-Z0-9]+$/, 'Use an ID such as G-ABC123.')
        .min(3, 'Too short.'),
      minutes: z.number().int({ error: 'Whole minutes.' }).min(5, 'At least 5.').lt(60, 'Under an hour.').default(15),
      theme: z.enum(['a', 'b'], { error: 'Choose a or b.' }).default('a'),
      site: z.url({ error: 'Give the site’s address.' }),
      plain: z.string(),
    });
    const { properties } = toJsonSchema(schema) as { properties: Record<string, { errorMessage?: unknown }> };
    expect(properties.id!.errorMessage).toEqual({ pattern: 'Use an ID such as G-ABC123.', minLength: 'Too short.' });
    expect(properties.minutes!.errorMessage).toEqual({
      type: 'Whole minutes.',
      minimum: 'At least 5.',
      exclusiveMaximum: 'Under an hour.',
    });
    expect(properties.theme!.errorMessage).toEqual({ enum: 'Choose a or b.', required: 'Choose a or b.' });
    expect(properties.site!.errorMessage).toMatchObject({
      format: 'Give the site’s address.',
      required: 'Give the site’s address.',
    });
    // No words of its own: the browser uses its clear fallbacks.
    expect(properties.plain!.errorMessage).toBeUndefined();
  });

  it('publishes, for every module, the very words the server refuses each broken rule with', () => {
    let checked = 0;
    for (const manifest of moduleRegistry.values()) {
      const schemas = [manifest.config, ...(manifest.connector ? [manifest.connector.credentials] : [])];
      for (const schema of schemas) {
        const json = toJsonSchema(schema) as {
          properties?: Record<string, Record<string, unknown>>;
          required?: string[];
        };
        for (const [name, property] of Object.entries(json.properties ?? {})) {
          const published = (property.errorMessage ?? {}) as Record<string, string>;
          for (const [keyword, message] of Object.entries(published)) {
            const bad = brokenValue(property, keyword);
            // A field with a default is never missing: its `required` words never come up.
            if (bad === undefined || (bad === MISSING && !json.required?.includes(name))) continue;
            const parsed = schema.safeParse(bad === MISSING ? {} : { [name]: bad.value });
            const said = parsed.success
              ? []
              : parsed.error.issues.filter((i) => i.path[0] === name).map((i) => i.message);
            expect(said, `${manifest.code}.${name} ${keyword}`).toContain(message);
            checked += 1;
          }
        }
      }
    }
    // The real manifests do give their fields words (a regression to none would pass vacuously).
    expect(checked).toBeGreaterThan(40);
  });

  it('describes a module without settings as an empty object', () => {
    expect(requireIntegration('core').configSchema).toMatchObject({ type: 'object', properties: {} });
  });

  it('converts input, not output: a default-filled field stays optional', () => {
    const schema = z.object({ a: z.number().default(1), b: z.string() });
    expect(toJsonSchema(schema)).toMatchObject({ properties: { a: { default: 1 } }, required: ['b'] });
  });

  it("answers an unknown module with SPEC.md's 404", () => {
    expect(thrown(() => requireIntegration('nope'))).toMatchObject({
      status: 404,
      code: 'INTEGRATION_NOT_FOUND',
      message: 'Integration nope not found',
    });
  });
});

describe('categories', () => {
  it('lists valid contract categories and finds one by code', () => {
    const categories = listCategories();
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const category of categories) expect(() => IntegrationCategory.parse(category)).not.toThrow();
    expect(requireCategory('sales-channels').name).toBe('Sales channels');
  });

  it('answers an unknown category with a 404', () => {
    expect(thrown(() => requireCategory('toys'))).toMatchObject({
      status: 404,
      code: 'INTEGRATION_CATEGORY_NOT_FOUND',
      message: 'Category toys not found',
    });
  });
});

describe('products', () => {
  it('lists a module’s products with ids `{code}:{slug}` and prices in minor units', () => {
    const products = listProducts('aiStudio');
    expect(products.map((p) => p.id)).toEqual([
      'aiStudio:credits-100',
      'aiStudio:credits-500',
      'aiStudio:credits-2000',
    ]);
    for (const product of products) {
      expect(() => IntegrationProduct.parse(product)).not.toThrow();
      expect(product.integration).toBe('aiStudio');
    }
    expect(listProducts('gfn').map((p) => p.id)).toEqual(['gfn:labels-100', 'gfn:labels-500']);
  });

  it('gives an empty list for a module with nothing to sell, and the 404 for an unknown module', () => {
    expect(listProducts('core')).toEqual([]);
    expect(thrown(() => listProducts('nope'))).toMatchObject({ status: 404, message: 'Integration nope not found' });
  });

  it('finds a product by id, and nothing for ids that do not name one', () => {
    expect(findProduct('gfn:labels-100')).toMatchObject({
      integration: 'gfn',
      name: '100 shipping labels',
      prices: [
        { currency: 'EUR', amount: 4_900 },
        { currency: 'USD', amount: 5_400 },
        { currency: 'GBP', amount: 4_200 },
      ],
    });
    for (const id of ['gfn:labels-1', 'gfn', 'nope:labels-100', ':labels-100', 'gfn:labels-100:x']) {
      expect(findProduct(id), id).toBeUndefined();
    }
    expect(thrown(() => requireProduct('gfn:nothing'))).toMatchObject({
      status: 404,
      code: 'INTEGRATION_PRODUCT_NOT_FOUND',
      message: 'Product gfn:nothing not found',
    });
  });
});
