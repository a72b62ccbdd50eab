import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { firstStart } from '../accounts/first-start.js';
import { insertOrganisation, insertProject } from '../projects/testing.js';
import { platforms } from './schema.js';
import { PlatformService } from './service.js';

const bootstrapOptions = { platformName: 'Wharf', adminEmail: 'admin@wharf.local', publicUrl: 'http://localhost:3000' };

describe('GET /omnis/v3/platform', () => {
  let t: TestApp;
  let shopPlatformId: string;
  let shopProjectId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const { db } = t.database;
    await firstStart(db, t.clock, bootstrapOptions);
    const [shop] = await db
      .insert(platforms)
      .values({
        name: 'Harbour Shops',
        domains: ['shops.example', 'www.shops.example'],
        public: false,
        favicon: null,
        logos: [{ url: '/l.svg', meta: { device: 'desktop', theme: 'light' } }],
      })
      .returning();
    shopPlatformId = shop!.id;
    const org = await insertOrganisation(db, { platformId: shopPlatformId, name: 'Org' });
    const project = await insertProject(db, { platformId: shopPlatformId, organisationId: org.id, name: 'Shop' });
    shopProjectId = project.id;
    t.app.services.platform.invalidate();
  });
  afterAll(() => t.close());

  const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });

  it('returns the platform that owns the host, with every field of SPEC.md section 3', async () => {
    const res = await get('/omnis/v3/platform', 'shops.example:8443');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: shopPlatformId,
      name: 'Harbour Shops',
      domains: ['shops.example', 'www.shops.example'],
      public: false,
      favicon: null,
      logos: [{ url: '/l.svg', meta: { device: 'desktop', theme: 'light' } }],
    });
  });

  it('matches hosts case-insensitively', async () => {
    expect((await get('/omnis/v3/platform', 'WWW.Shops.Example')).json().name).toBe('Harbour Shops');
  });

  it('falls back to the default platform on an unknown host, so the console can redirect to its domain', async () => {
    const res = await get('/omnis/v3/platform', 'unknown.example');
    expect(res.json()).toMatchObject({ name: 'Wharf', domains: ['localhost', '127.0.0.1'], public: true });
  });

  it("prefers the project's platform over the host", async () => {
    const res = await get(`/omnis/v3/platform?project=${shopProjectId}`, 'localhost');
    expect(res.json().id).toBe(shopPlatformId);
  });

  it('answers 404 PROJECT_NOT_FOUND for a project that does not exist', async () => {
    const res = await get('/omnis/v3/platform?project=9d6f1d2e-8a1b-4c3d-9e8f-0a1b2c3d4e5f');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'PROJECT_NOT_FOUND', message: 'Project not found' });
  });

  it('refuses a malformed project id with 400', async () => {
    const res = await get('/omnis/v3/platform?project=../../etc');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', errors: [{ path: 'query.project' }] });
  });
});

describe('PlatformService caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await firstStart(t.database.db, t.clock, bootstrapOptions);
  });
  afterAll(() => t.close());

  it('serves from memory until the TTL passes or it is invalidated', async () => {
    let now = 0;
    const service = new PlatformService(t.database.db, { ttlMs: 1000, now: () => now });
    expect((await service.resolve({ host: 'localhost' })).name).toBe('Wharf');
    await t.database.db.update(platforms).set({ name: 'Renamed' }).where(eq(platforms.isDefault, true));
    now = 999;
    expect((await service.resolve({ host: 'localhost' })).name).toBe('Wharf');
    now = 1000;
    expect((await service.resolve({ host: 'localhost' })).name).toBe('Renamed');
    await t.database.db.update(platforms).set({ name: 'Again' }).where(eq(platforms.isDefault, true));
    service.invalidate();
    expect((await service.resolve({ host: 'localhost' })).name).toBe('Again');
  });

  it('reads the directory once for many concurrent requests', async () => {
    const service = new PlatformService(t.database.db);
    const results = await Promise.all(Array.from({ length: 20 }, () => service.resolve({ host: 'localhost' })));
    expect(new Set(results).size).toBe(1);
  });

  it('answers 503 PLATFORM_NOT_READY when no platform exists yet', async () => {
    const empty = await createTestApp();
    try {
      const res = await empty.app.inject({ method: 'GET', url: '/omnis/v3/platform' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('PLATFORM_NOT_READY');
    } finally {
      await empty.close();
    }
  });
});
