import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KeptAnswers, registerKeptAnswers, serverWithKeptAnswers } from './kept-answers.js';

/** A Fastify app on the kept answers' server, with routes that count how often they really run. */
async function startApp(now: { ms: number }) {
  const answers = new KeptAnswers(() => now.ms);
  const app = Fastify({ serverFactory: serverWithKeptAnswers(answers), keepAliveTimeout: 1234 });
  registerKeptAnswers(app, answers);
  const runs: Record<string, number> = {};
  const ran = (name: string) => (runs[name] = (runs[name] ?? 0) + 1);
  const replayed: number[] = [];
  app.get('/kept/:name', async (request, reply) => {
    const { name } = request.params as { name: string };
    ran(name);
    request.keepAnswer = { tag: `tag-${name}`, until: now.ms + 5000, onReplay: (bytes) => replayed.push(bytes) };
    reply.header('content-type', 'image/webp').header('cache-control', 'public, max-age=60').header('etag', '"e1"');
    if (request.headers['if-none-match'] === '"e1"') return reply.code(304).send();
    return Buffer.from(`bytes of ${name}`);
  });
  app.get('/not-kept', async () => {
    ran('not-kept');
    return Buffer.from('fresh');
  });
  app.get('/cookie', async (request, reply) => {
    ran('cookie');
    request.keepAnswer = { tag: 'cookie', until: now.ms + 5000 };
    reply.header('set-cookie', 'session=secret');
    return Buffer.from('mine');
  });
  app.get('/varies', async (request, reply) => {
    ran('varies');
    request.keepAnswer = { tag: 'varies', until: now.ms + 5000 };
    reply.header('vary', 'Origin, Accept-Language');
    return Buffer.from('depends');
  });
  app.get('/varies-by-origin', async (request, reply) => {
    ran('varies-by-origin');
    request.keepAnswer = { tag: 'origin', until: now.ms + 5000 };
    // CORS says this of every answer; a request with an Origin always goes to Fastify.
    reply.header('vary', 'Origin');
    return Buffer.from('same without an origin');
  });
  app.get('/failing', async (request, reply) => {
    ran('failing');
    request.keepAnswer = { tag: 'failing', until: now.ms + 5000 };
    return reply.code(503).send(Buffer.from('later'));
  });
  app.get('/json', async (request) => {
    ran('json');
    request.keepAnswer = { tag: 'json', until: now.ms + 5000 };
    return { not: 'a buffer' };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, answers, runs, replayed, base: `http://127.0.0.1:${port}` };
}

describe('kept answers, given again before Fastify', () => {
  const now = { ms: Date.parse('2026-11-26T12:00:00Z') };
  let world: Awaited<ReturnType<typeof startApp>>;
  beforeEach(async () => {
    now.ms = Date.parse('2026-11-26T12:00:00Z');
    world = await startApp(now);
  });
  afterEach(async () => {
    await world.app.close();
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${world.base}${path}`, { headers });

  it('answers the same address again from memory, byte for byte, with its age and a new request id', async () => {
    const first = await get('/kept/a');
    expect(first.headers.get('age')).toBeNull();
    const firstBody = await first.text();
    now.ms += 2500;
    const second = await get('/kept/a', { 'x-request-id': 'trace-2' });
    expect(await second.text()).toBe(firstBody);
    expect(world.runs['a']).toBe(1);
    expect(second.status).toBe(200);
    expect(second.headers.get('age')).toBe('2');
    expect(second.headers.get('x-request-id')).toBe('trace-2');
    for (const name of ['content-type', 'cache-control', 'etag', 'content-length']) {
      expect(second.headers.get(name)).toBe(first.headers.get(name));
    }
    const third = await get('/kept/a', { 'x-request-id': 'not {a} plain id' });
    expect(third.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(world.replayed).toEqual([firstBody.length, firstBody.length]);
    // Another address is another answer.
    expect(await (await get('/kept/b')).text()).toBe('bytes of b');
    expect(await (await get('/kept/a?x=1')).text()).toBe('bytes of a');
    expect(world.runs).toMatchObject({ a: 2, b: 1 });
  });

  it('asks the handler again once the answer is past its time, or its tag was forgotten', async () => {
    await get('/kept/a');
    now.ms += 4999;
    await get('/kept/a');
    expect(world.runs['a']).toBe(1);
    now.ms += 1;
    await get('/kept/a');
    expect(world.runs['a']).toBe(2);
    await get('/kept/a');
    expect(world.runs['a']).toBe(2);
    world.answers.forget('tag-a');
    await get('/kept/a');
    expect(world.runs['a']).toBe(3);
  });

  it('leaves to Fastify every request that could change the answer, and every other method', async () => {
    await get('/kept/a');
    expect((await get('/kept/a', { 'if-none-match': '"e1"' })).status).toBe(304);
    await get('/kept/a', { origin: 'https://shop.example' });
    await get('/kept/a', { range: 'bytes=0-1' });
    await get('/kept/a', { 'if-modified-since': new Date(0).toUTCString() });
    expect(world.runs['a']).toBe(5);
    expect((await fetch(`${world.base}/kept/a`, { method: 'HEAD' })).status).toBe(200);
    expect(world.runs['a']).toBe(6);
    const posted = await fetch(`${world.base}/kept/a`, { method: 'POST' });
    expect(posted.status).toBe(404);
  });

  it('never keeps an answer that is not plainly the same for everyone', async () => {
    for (const path of ['/cookie', '/varies', '/failing', '/json', '/not-kept']) {
      await get(path);
      await get(path);
      expect(world.runs[path.slice(1)], path).toBe(2);
    }
    // A request that got a 304 or a part keeps nothing either.
    await get('/kept/c', { 'if-none-match': '"e1"' });
    await get('/kept/c');
    expect(world.runs['c']).toBe(2);
    expect(world.answers.size).toBe(1);
    await get('/varies-by-origin');
    await get('/varies-by-origin');
    expect(world.runs['varies-by-origin']).toBe(1);
  });

  it('makes the server as Fastify would, with its timeouts', () => {
    expect(world.app.server.keepAliveTimeout).toBe(1234);
  });
});

describe('the kept answers memory', () => {
  it('is bounded: large answers are not kept, and the oldest go first', () => {
    const answers = new KeptAnswers(() => 0);
    const keep = (url: string, bytes: number) =>
      answers.keep(url, { tag: url, until: 1000 }, { 'content-type': 'image/webp' }, Buffer.alloc(bytes));
    keep('/large', 3 * 1024 ** 2);
    expect(answers.size).toBe(0);
    for (let i = 0; i < 20; i++) keep(`/r${i}`, 2 * 1024 ** 2 - 1024);
    expect(answers.size).toBeLessThan(20);
    // Forgetting a tag whose answer was pushed out is harmless.
    answers.forget('/r0');
    answers.forget('/r19');
    expect(answers.size).toBeLessThan(19);
  });

  it('keeps nothing already past its time', () => {
    const answers = new KeptAnswers(() => 1000);
    answers.keep('/old', { tag: 'old', until: 1000 }, {}, Buffer.from('x'));
    expect(answers.size).toBe(0);
  });
});
