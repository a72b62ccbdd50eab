import { operations, successResponse, type Operation } from '@wharf/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/app.js';
import { toFastifyPath } from './operations.js';

const table = Object.values(operations) as Operation[];

describe('the operation table and the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(table.map((op) => [op.operationId, op] as const))(
    '%s has a route, a schema and an access rule',
    (_id, op) => {
      expect(t.app.hasRoute({ method: op.method, url: toFastifyPath(op.path) }), 'route').toBe(true);
      expect(successResponse(op).schema).toBeInstanceOf(z.ZodType);
      expect(['public', 'session', 'user', 'permission', 'admin']).toContain(op.access.kind);
      if (op.access.kind === 'permission') expect(op.access.permission).toMatch(/^[a-z]+(\.[a-z-]+)+$/);
      expect(typeof op.audited).toBe('boolean');
    },
  );

  it('publishes a valid OpenAPI 3.1 document listing every operation', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const document = res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const published = new Map<string, string>();
    for (const [path, item] of Object.entries(
      document.paths as Record<string, Record<string, { operationId?: string }>>,
    )) {
      for (const [method, op] of Object.entries(item))
        if (op.operationId) published.set(op.operationId, `${method.toUpperCase()} ${path}`);
    }
    for (const op of table) expect(published.get(op.operationId), op.operationId).toBe(`${op.method} ${op.path}`);
  });

  it('publishes public operations without security and the others with the bearer scheme', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(document.paths['/omnis/v3/platform'].get.security).toEqual([]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('toFastifyPath', () => {
  it('turns placeholders into Fastify parameters', () => {
    expect(toFastifyPath('/v1/chat/channels/{channel}/messages/{message}')).toBe(
      '/v1/chat/channels/:channel/messages/:message',
    );
  });
});
