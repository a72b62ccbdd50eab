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

const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};

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
