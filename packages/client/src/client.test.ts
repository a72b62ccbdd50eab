import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { defineOperation } from '@wharf/contract';
import { buildClient, createClient } from './client.js';
import { renderOperationMeta, generatedFile } from './generate.js';
import { metaOf } from './meta.js';
import { readFileSync } from 'node:fs';
import { ApiError, humanizeMessage, normalizeError, RequiredError } from './errors.js';

const platform = {
  id: '0b6f3c2e-4d1a-4f7e-9c55-7c1c2d7a1b10',
  name: 'Wharf',
  domains: ['localhost'],
  public: true,
  favicon: null,
  logos: [],
};

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

describe('createClient', () => {
  it('types each call from the contract (checked by npm run typecheck)', () => {
    const client = createClient({ fetch: vi.fn() });
    // An operation with only optional query parameters takes an optional argument of exactly those.
    expectTypeOf(client.getPlatform).parameter(0).toEqualTypeOf<{ project?: string | undefined } | undefined>();
    expectTypeOf(client.getPlatform).returns.resolves.toHaveProperty('domains').toEqualTypeOf<string[]>();
    // An operation with no inputs takes no argument at all.
    expectTypeOf(client.healthz).parameter(0).toEqualTypeOf<Record<never, never> | undefined>();
  });

  it('exposes one function per operationId and builds the request from the table', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, platform));
    const client = createClient({ baseUrl: 'https://api.example.test/', fetch, getAccessToken: () => 'tok' });
    await expect(client.getPlatform({ project: '5f0c7a8e-2b1d-4c3e-8f9a-0a1b2c3d4e5f' })).resolves.toEqual(platform);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://api.example.test/omnis/v3/platform?project=5f0c7a8e-2b1d-4c3e-8f9a-0a1b2c3d4e5f');
    expect(init.method).toBe('GET');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('leaves out optional query parameters that are absent or null', async () => {
    const fetch = vi.fn(async () => jsonResponse(200, platform));
    await createClient({ fetch }).getPlatform({});
    await createClient({ fetch }).getPlatform();
    expect(fetch.mock.calls.map((c) => (c as unknown[])[0])).toEqual(['/omnis/v3/platform', '/omnis/v3/platform']);
  });

  it("sends extra headers (the CSRF header of the account API) on every call, asked with the call's method", async () => {
    const fetch = vi.fn(async () => jsonResponse(200, platform));
    const getHeaders = vi.fn(() => ({ 'X-CSRF-TOKEN': 'abc' }));
    await createClient({ fetch, getHeaders }).healthz();
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)['X-CSRF-TOKEN']).toBe('abc');
    expect(getHeaders).toHaveBeenCalledWith('GET');
  });

  it('sends a multipart upload as a form with the file in the field `file`, its boundary left to fetch', async () => {
    const fetch = vi.fn(async () => jsonResponse(201, { id: 'i' }));
    const client = createClient({ fetch });
    expectTypeOf(client.importSubscribers).parameter(0).toEqualTypeOf<{ project: string; file: Blob }>();
    const file = new File(['email\na@example.com\n'], 'people.csv', { type: 'text/csv' });
    await client.importSubscribers({ project: 'p', file });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/mail/subscribers/import?project=p');
    expect((init.headers as Record<string, string>)['content-type']).toBeUndefined();
    const form = init.body as FormData;
    expect((form.get('file') as File).name).toBe('people.csv');
    await expect(client.importSubscribers({ project: 'p' } as never)).rejects.toThrow(
      'Required parameter file was null or undefined when calling importSubscribers.',
    );
  });
});

describe('generated operation metadata', () => {
  it('is current with the contract (run `npm run generate:client` after changing it)', () => {
    expect(readFileSync(generatedFile, 'utf8')).toBe(renderOperationMeta());
  });
});

describe('required parameters', () => {
  const createSummary = defineOperation({
    operationId: 'createSummary',
    method: 'POST',
    path: '/v1/billing/summaries/{id}',
    summary: 'test',
    tags: [],
    params: z.object({ id: z.string() }),
    query: z.object({ project: z.string(), search: z.string().optional() }),
    body: z.object({ start: z.string() }),
    bodyName: 'createSummaryRequest',
    responses: { 201: z.object({ ok: z.boolean() }) },
    access: { kind: 'user' },
    audited: true,
  });
  const fetch = vi.fn(async () => jsonResponse(201, { ok: true }));
  const client = buildClient({ createSummary: metaOf(createSummary) }, { fetch });
  const call = client.createSummary as (args?: unknown) => Promise<unknown>;

  it.each([
    ['id', { id: undefined, project: 'p', createSummaryRequest: { start: 's' } }],
    ['id', { id: null, project: 'p', createSummaryRequest: { start: 's' } }],
    ['project', { id: 'i', project: null, createSummaryRequest: { start: 's' } }],
    ['createSummaryRequest', { id: 'i', project: 'p' }],
    ['createSummaryRequest', { id: 'i', project: 'p', createSummaryRequest: null }],
  ])('throws for a missing %s before any request', async (name, args) => {
    fetch.mockClear();
    await expect(call(args)).rejects.toThrow(
      `Required parameter ${name} was null or undefined when calling createSummary.`,
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends path, query and body when all are present', async () => {
    fetch.mockClear();
    await expect(call({ id: 'a b', project: 'p', createSummaryRequest: { start: 's' } })).resolves.toEqual({
      ok: true,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/v1/billing/summaries/a%20b?project=p');
    expect(init.body).toBe('{"start":"s"}');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });

  it('uses the exact SPEC.md wording', () => {
    expect(new RequiredError('project', 'getBilling').message).toBe(
      'Required parameter project was null or undefined when calling getBilling.',
    );
  });
});

describe('error normalisation (SPEC.md section 8)', () => {
  it('reads message, code, errors and status from an error answer', async () => {
    const fetch = vi.fn(async () =>
      jsonResponse(422, { code: 'VALIDATION_ERROR', message: 'Invalid', errors: [{ path: 'email', message: 'Bad' }] }),
    );
    const error = await createClient({ fetch })
      .healthz()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid',
      status: 422,
      errors: [{ path: 'email', message: 'Bad' }],
    });
  });

  it('keeps the whole error body, for answers that carry more than a message', async () => {
    const denied = { code: 'FORBIDDEN', message: 'Denied', permissions: { granted: [], denied: ['billing.read'] } };
    const fetch = vi.fn(async () => jsonResponse(403, denied));
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({ status: 403, body: denied });
  });

  it('defaults the code to API_ERROR', async () => {
    const fetch = vi.fn(async () => jsonResponse(500, { message: 'Boom' }));
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({ code: 'API_ERROR', status: 500 });
  });

  it('still gives an API_ERROR with a message when the error body is not JSON', async () => {
    const fetch = vi.fn(async () => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({
      code: 'API_ERROR',
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('turns full stops between word characters into spaces', async () => {
    expect(humanizeMessage('user.email is required.')).toBe('user email is required.');
    expect(humanizeMessage('End. Next')).toBe('End. Next');
    const fetch = vi.fn(async () => jsonResponse(400, { code: 'X', message: 'password.confirmation mismatch' }));
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({
      message: 'password confirmation mismatch',
    });
  });

  it('reports a request that got no answer as AXIOS_ERROR with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({
      code: 'AXIOS_ERROR',
      status: 0,
      message: 'fetch failed',
    });
  });

  it('reports anything else as UNKNOWN_ERROR with the standard message', async () => {
    const fetch = vi.fn(
      async () => new Response('{not json', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(createClient({ fetch }).healthz()).rejects.toMatchObject({
      code: 'UNKNOWN_ERROR',
      message: 'Looks like something went wrong...',
    });
    expect(normalizeError(new Error('x'))).toMatchObject({ code: 'UNKNOWN_ERROR' });
    const known = new ApiError({ message: 'm', code: 'C', status: 400 });
    expect(normalizeError(known)).toBe(known);
  });
});
