import { describe, expect, it } from 'vitest';
import { readText } from './billing-fixtures';
import { ExportError, formatBytes, invoiceFileName, streamExport, type StreamProgress } from './download';

const encoder = new TextEncoder();

/** A response whose body the test feeds chunk by chunk. */
function streamed() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/csv' } }),
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    close: () => controller.close(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('streamExport', () => {
  it('reports bytes and rows as the CSV arrives, and sends the token and the filters', async () => {
    const stream = streamed();
    const seen: StreamProgress[] = [];
    let sent: RequestInit | undefined;
    const done = streamExport({
      url: '/v1/billing/transactions/export?project=p',
      body: { integration: 'gfn' },
      token: 'tok',
      signal: new AbortController().signal,
      onProgress: (p) => seen.push(p),
      fetch: (_url, init) => {
        sent = init;
        return Promise.resolve(stream.response);
      },
    });
    await tick();
    stream.push('id,amount\n1,-100\n');
    await tick();
    expect(seen.at(-1)).toEqual({ bytes: 17, rows: 1 });
    stream.push('2,-200\n3,');
    await tick();
    expect(seen.at(-1)).toEqual({ bytes: 26, rows: 2 });
    stream.push('-300\n');
    stream.close();
    const blob = await done;
    expect(await readText(blob)).toBe('id,amount\n1,-100\n2,-200\n3,-300\n');
    expect(seen.at(-1)).toEqual({ bytes: 31, rows: 3 });
    expect(new Headers(sent?.headers).get('authorization')).toBe('Bearer tok');
    expect(sent?.method).toBe('POST');
    expect(JSON.parse(String(sent?.body))).toEqual({ integration: 'gfn' });
  });

  it('stops reading when cancelled', async () => {
    const stream = streamed();
    const abort = new AbortController();
    const done = streamExport({
      url: '/x',
      body: {},
      token: 't',
      signal: abort.signal,
      onProgress: () => undefined,
      fetch: () => Promise.resolve(stream.response),
    });
    await tick();
    stream.push('id\n1\n');
    await tick();
    abort.abort();
    await expect(done).rejects.toThrow();
  });

  it('says what the server refused', async () => {
    const refused = streamExport({
      url: '/x',
      body: {},
      token: 't',
      signal: new AbortController().signal,
      onProgress: () => undefined,
      fetch: () =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'FORBIDDEN', message: 'Not allowed' }), {
            status: 403,
            headers: { 'content-type': 'application/json' },
          }),
        ),
    });
    await expect(refused).rejects.toEqual(new ExportError('Not allowed', 403, 'FORBIDDEN'));
  });
});

describe('file names and sizes', () => {
  it('names invoice files INV-….pdf', () => {
    expect(invoiceFileName('INV-2026-0001')).toBe('INV-2026-0001.pdf');
    expect(invoiceFileName('2026/7')).toBe('INV-2026-7.pdf');
    expect(invoiceFileName('INV-2026-0001', 'csv')).toBe('INV-2026-0001.csv');
  });

  it('says sizes in words', () => {
    expect(formatBytes(512, 'en')).toBe('512 bytes');
    expect(formatBytes(1, 'en')).toBe('1 byte');
    expect(formatBytes(1500, 'en')).toBe('1.5 kB');
  });
});
