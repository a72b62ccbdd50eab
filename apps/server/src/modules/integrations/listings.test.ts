import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin } from '../accounts/testing.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { moduleRegistry } from './registry.js';

/** A module that offers products to buy (GTIN packs). */
const PRODUCT_MODULE = 'gtins';

interface Listing {
  id: string;
  code: string;
  visible: boolean;
  sortOrder: number;
  integration: { name: string; description: string; category: string };
  installed?: boolean;
}

describe('the store’s listings', () => {
  let t: TestApp;
  let admin: BearerUser;
  let owner: BearerUser;
  let project: string;
  const ADMIN = '/v1/integrations/admin/listings';
  const store = (query = '') => owner.call('GET', `/v1/integrations/listings?project=${project}${query}`);
  const adminListing = async (code: string) =>
    ((await admin.call('GET', ADMIN)).json() as Listing[]).find((l) => l.code === code)!;

  beforeAll(async () => {
    t = await createStartedTestApp();
    admin = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { email: 'boss@example.com' });
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner)).id;
  });
  afterAll(() => t.close());

  it('gives a fresh platform a store of every registered module, ordered by sort order then name', async () => {
    const all = (await admin.call('GET', ADMIN)).json() as Listing[];
    expect(all.map((l) => l.code).sort()).toEqual([...moduleRegistry.keys()].sort());
    const names = all.map((l) => l.integration.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it('refuses a second listing of a code, and lets admins only', async () => {
    const res = await admin.call('POST', ADMIN, { code: 'shopify' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'LISTING_EXISTS', message: 'Shopify is already listed in this store.' });
    for (const [method, url, body] of [
      ['GET', ADMIN, undefined],
      ['POST', ADMIN, { code: 'shopify' }],
      ['PATCH', `${ADMIN}/${(await adminListing('shopify')).id}`, { visible: false }],
      ['DELETE', `${ADMIN}/${(await adminListing('shopify')).id}`, undefined],
    ] as const) {
      expect((await owner.call(method, url, body)).statusCode).toBe(403);
    }
    const unknown = await admin.call('POST', ADMIN, { code: 'teleporter' });
    expect(unknown.statusCode).toBe(400);
  });

  it('deletes, recreates, overrides, hides and orders listings, and the project’s store follows', async () => {
    const shopify = await adminListing('shopify');
    expect((await admin.call('DELETE', `${ADMIN}/${shopify.id}`)).statusCode).toBe(204);
    expect((await admin.call('GET', `${ADMIN}/${shopify.id}`)).statusCode).toBe(404);
    const created = await admin.call('POST', ADMIN, { code: 'shopify', sortOrder: 1, name: 'Shopify (partner)' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: 'shopify', visible: true, sortOrder: 1 });
    expect(created.json().integration.name).toBe('Shopify (partner)');

    const etsy = await adminListing('etsy');
    const hidden = await admin.call('PATCH', `${ADMIN}/${etsy.id}`, { visible: false });
    expect(hidden.json().visible).toBe(false);

    const first = (await store('&pageSize=1')).json();
    expect(first.items.map((l: Listing) => [l.code, l.integration.name])).toEqual([['shopify', 'Shopify (partner)']]);
    const codes = await allPages();
    expect(codes).not.toContain('etsy');
    expect(codes).toHaveLength(moduleRegistry.size - 1);
    expect(new Set(codes).size).toBe(codes.length);
    expect((await owner.call('GET', `/v1/integrations/listings/${etsy.id}?project=${project}`)).statusCode).toBe(404);
  });

  /** Every page of the project's store, 7 at a time, by its tokens. */
  async function allPages(): Promise<string[]> {
    const codes: string[] = [];
    let token: string | null = null;
    do {
      const page: { items: Listing[]; nextPageToken: string | null } = (
        await store(`&pageSize=7${token ? `&pageToken=${token}` : ''}`)
      ).json();
      codes.push(...page.items.map((l) => l.code));
      token = page.nextPageToken;
    } while (token);
    return codes;
  }

  it('filters by category and search, and marks what the project has installed', async () => {
    expect((await owner.call('POST', `/v1/projects/${project}/integrations/faqs`, {})).statusCode).toBe(201);
    const faqs = (await store('&search=faq')).json().items as Listing[];
    expect(faqs.find((l) => l.code === 'faqs')!.installed).toBe(true);
    const channels = (await store('&category=sales-channels&pageSize=100')).json().items as Listing[];
    expect(channels.length).toBeGreaterThan(0);
    expect(channels.every((l) => l.integration.category === 'sales-channels' && l.installed === false)).toBe(true);
    const one = await owner.call('GET', `/v1/integrations/listings/${faqs[0]!.id}?project=${project}`);
    expect(one.json()).toMatchObject({ code: faqs[0]!.code, installed: faqs[0]!.installed });
  });

  it('answers the catalogue: modules, categories and products, with SPEC.md’s 404s', async () => {
    const modules = (await owner.call('GET', '/v1/integrations')).json() as { code: string }[];
    expect(modules.map((m) => m.code)).toEqual([...moduleRegistry.keys()]);
    const categories = (await owner.call('GET', '/v1/integrations/categories')).json() as { code: string }[];
    const one = await owner.call('GET', `/v1/integrations/categories/${categories[0]!.code}`);
    expect(one.json()).toEqual(categories[0]);
    expect((await owner.call('GET', '/v1/integrations/categories/nowhere')).statusCode).toBe(404);
    const products = (await owner.call('GET', `/v1/integrations/${PRODUCT_MODULE}/products?project=${project}`)).json();
    expect(products.length).toBeGreaterThan(0);
    const product = await owner.call('GET', `/v1/integrations/products/${products[0].id}`);
    expect(product.json()).toEqual(products[0]);
    expect((await owner.call('GET', `/v1/integrations/products/${PRODUCT_MODULE}:nothing`)).statusCode).toBe(404);
    const unknown = await owner.call('GET', `/v1/integrations/teleporter/products?project=${project}`);
    expect(unknown.json()).toEqual({ code: 'INTEGRATION_NOT_FOUND', message: 'Integration teleporter not found' });
  });

  it('keeps a project’s store to its members', async () => {
    const stranger = await bearerUser(t, 'stranger@example.com');
    const res = await stranger.call('GET', `/v1/integrations/listings?project=${project}`);
    expect(res.statusCode).toBe(403);
  });
});
