import { defineOperation } from '@wharf/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from './app.js';
import type { DatabaseHandle } from './core/db/database.js';
import { registerOperations } from './core/http/operations.js';
import { anonymousResolver } from './core/http/access.js';
import { createTestDatabase } from './test/database.js';
import { createTestApp, testConfig, type TestApp } from './test/app.js';

describe('the HTTP surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { CORS_ORIGINS: 'https://partner.example' } });
  });
  afterAll(() => t.close());

  it.each(['/healthz', '/v1/auth/healthz', '/v1/drive/healthz', '/v1/enforcer/healthz'])(
    '%s checks the database',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    },
  );

  it.each(['/v1/nothing', '/v2/metrics/x', '/omnis/v3/nope', '/v1'])(
    'answers a JSON 404 for unknown API path %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: `No route for GET ${url}` });
    },
  );

  it('answers a JSON 404 for unknown non-GET calls anywhere', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/somewhere' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it.each(['/', '/dashboard/', '/settings/change-password', '/factory/tutorials/hello?x=1'])(
    'serves the web app for %s, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year and revalidates other files', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset instead of the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('tags every answer with a request id, keeping a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'bad id\nwith "newline"' },
    });
    // A fresh id replaces the forged one; comparing by shape, not by a word, since
    // a random UUID may itself contain the hex letters "bad".
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('allows cross-origin calls only from the allow-list', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/omnis/v3/platform',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'GET' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://partner.example');
    const refused = await t.app.inject({
      method: 'GET',
      url: '/omnis/v3/platform',
      headers: { origin: 'https://evil.example' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves OpenAPI and the API reference with its own assets', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('./static/swagger-ui-bundle.js');
    expect(docs.body).not.toMatch(/https?:\/\/(cdn|unpkg|jsdelivr)/);
    const bundle = await t.app.inject({ method: 'GET', url: '/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});

describe('errors', () => {
  const boom = defineOperation({
    operationId: 'testBoom',
    method: 'POST',
    path: '/v1/test/boom',
    summary: 'Throws a bug',
    tags: ['test'],
    body: z.object({ name: z.string().min(2) }),
    bodyName: 'boomRequest',
    responses: { 200: z.object({ ok: z.boolean() }) },
    access: { kind: 'public' },
    audited: false,
  });
  const echo = defineOperation({ ...boom, operationId: 'testEcho', path: '/v1/test/echo' });
  // Public posts without a body: only the one declaring `form` takes a form (RFC 8058's one-click).
  const { body: _body, bodyName: _name, ...bodiless } = boom;
  const noBody = defineOperation({ ...bodiless, operationId: 'testNoBody', path: '/v1/test/no-body' });
  const oneClick = defineOperation({
    ...bodiless,
    operationId: 'testOneClick',
    path: '/v1/test/one-click',
    form: true,
  });
  let app: FastifyInstance;
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig({ BODY_LIMIT: '200' }), { database });
    registerOperations(
      app,
      { testBoom: boom, testEcho: echo, testNoBody: noBody, testOneClick: oneClick },
      {
        testBoom: () => {
          throw new Error('secret internals at /srv/app.ts:12');
        },
        testEcho: () => ({ ok: true }),
        testNoBody: () => ({ ok: true }),
        testOneClick: () => ({ ok: true }),
      },
      anonymousResolver,
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('turns a thrown bug into a 500 INTERNAL_ERROR with nothing of the bug in it', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/boom', payload: { name: 'abc' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('stack');
  });

  it('refuses invalid input with 400 VALIDATION_ERROR naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: 'a' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.errors[0].path).toBe('body.name');
    expect(body.message).toContain('body.name');
  });

  it('refuses malformed JSON with 400 BAD_REQUEST', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('refuses a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await app.inject({ method: 'POST', url: '/v1/test/echo', payload: { name: 'x'.repeat(500) } });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses an unsupported content type with 415', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/v1/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=abc',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes a form post only where the operation declares `form`, not on every public post without a body', async () => {
    const post = (url: string) =>
      app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const refused = await post('/v1/test/no-body');
    expect([refused.statusCode, refused.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const taken = await post('/v1/test/one-click');
    expect([taken.statusCode, taken.json()]).toEqual([200, { ok: true }]);
  });
});
