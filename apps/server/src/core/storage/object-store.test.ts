import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListMultipartUploadsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type RecordedS3Request, type TestS3Server } from '../../test/s3-server.js';
import { LocalObjectStore } from './local-store.js';
import { assertObjectKey, ObjectNotFound, type ObjectStore } from './object-store.js';
import { S3ObjectStore } from './s3-store.js';

const MiB = 1024 * 1024;

/** Every file (not folder) under `dir`, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Byte `i` of the generated bodies: varies inside a chunk and from chunk to chunk. */
const byteAt = (i: number) => (i * 7 + (i >> 16)) & 0xff;

/**
 * A body of `size` bytes made 64 KiB at a time as it is read (never whole), optionally failing with
 * `failWith` once `failAt` bytes were given, and awaiting `whenAt` once `whenAt.offset` were.
 */
function generatedBody(
  size: number,
  options: { failAt?: number; failWith?: Error; whenAt?: { offset: number; run: () => Promise<void> } } = {},
): Readable {
  return Readable.from(
    (async function* () {
      const chunkSize = 64 * 1024;
      let probed = false;
      for (let offset = 0; offset < size; offset += chunkSize) {
        if (options.failAt !== undefined && offset >= options.failAt) throw options.failWith;
        if (options.whenAt && !probed && offset >= options.whenAt.offset) {
          probed = true;
          await options.whenAt.run();
        }
        const chunk = Buffer.allocUnsafe(Math.min(chunkSize, size - offset));
        for (let i = 0; i < chunk.length; i++) chunk[i] = byteAt(offset + i);
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
}

function expectedSha256(size: number): string {
  const hash = createHash('sha256');
  const chunk = Buffer.allocUnsafe(MiB);
  for (let offset = 0; offset < size; offset += MiB) {
    const length = Math.min(MiB, size - offset);
    for (let i = 0; i < length; i++) chunk[i] = byteAt(offset + i);
    hash.update(chunk.subarray(0, length));
  }
  return hash.digest('hex');
}

/** A store under test and what only its backing can tell. */
interface Backing {
  store: ObjectStore;
  /** Has the store begun writing `key` (bytes on disk, an upload open) while its body is still being read? */
  writing(key: string): Promise<boolean>;
  /** Whatever a failed put of `key` could have left: files, objects, open uploads. */
  leftovers(key: string): Promise<string[]>;
  /** Requests the backing answered with a server error (which the SDK would retry out of sight). */
  serverErrors(): string[];
  /** The requests made to the backing so far, as `METHOD /path` (none for a folder on a disk). */
  requests(): string[];
  close(): Promise<void>;
}

async function localBacking(): Promise<Backing> {
  const dir = await mkdtemp(path.join(tmpdir(), 'wharf-store-'));
  const store = new LocalObjectStore(dir);
  return {
    store,
    writing: async () => {
      const incoming = await filesUnder(path.join(dir, '@incoming'));
      const sizes = await Promise.all(incoming.map((f) => stat(path.join(dir, '@incoming', f)).then((s) => s.size)));
      return sizes.some((size) => size > 0);
    },
    leftovers: async (key) => [
      ...(await filesUnder(path.join(dir, '@incoming'))).map((f) => `temporary ${f}`),
      ...(await filesUnder(dir)).filter((f) => f === path.join(...key.split('/'))),
    ],
    serverErrors: () => [],
    requests: () => [],
    close: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function s3ClientFor(server: TestS3Server): S3Client {
  return new S3Client({
    endpoint: server.endpoint,
    region: server.region,
    credentials: { accessKeyId: server.accessKeyId, secretAccessKey: server.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

function s3StoreFor(server: TestS3Server, log?: (message: string, details?: unknown) => void): S3ObjectStore {
  return new S3ObjectStore({
    endpoint: server.endpoint,
    bucket: server.bucket,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
    ...(log ? { log } : {}),
  });
}

async function s3Backing(): Promise<Backing> {
  const server = await startS3Server();
  const store = s3StoreFor(server);
  const client = s3ClientFor(server);
  const openUploads = async (key: string) => {
    const answer = await client.send(new ListMultipartUploadsCommand({ Bucket: server.bucket, Prefix: key }));
    return (answer.Uploads ?? []).map((u) => `upload ${u.Key} ${u.UploadId}`);
  };
  return {
    store,
    writing: async (key) => (await openUploads(key)).length > 0,
    leftovers: async (key) => {
      const objects = await client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: key }));
      return [...(objects.Contents ?? []).map((o) => `object ${o.Key}`), ...(await openUploads(key))];
    },
    serverErrors: () =>
      server
        .requests()
        .filter((r) => r.status !== undefined && r.status >= 500)
        .map((r) => `${r.status} ${r.method} ${r.url}`),
    requests: () => server.requests().map((r) => `${r.method} ${new URL(r.url, server.endpoint).pathname}`),
    close: async () => {
      client.destroy();
      await store.close();
      await server.close();
    },
  };
}

describe.each([
  { kind: 'local', open: localBacking },
  { kind: 's3', open: s3Backing },
])('the $kind object store', ({ kind, open }) => {
  let backing: Backing;
  let store: ObjectStore;
  beforeAll(async () => {
    backing = await open();
    store = backing.store;
  });
  afterAll(() => backing?.close());

  it('is the kind it says', () => {
    expect(store.kind).toBe(kind);
  });

  it('gives back the bytes it was given', async () => {
    const bytes = Buffer.from('Hello, wharf!\n\u0000\u00ff binary too', 'latin1');
    await store.put('t/put-get/one', Readable.from([bytes]), { contentType: 'text/plain' });
    expect(await store.size('t/put-get/one')).toBe(bytes.length);
    expect(await bytesOf(await store.get('t/put-get/one'))).toEqual(bytes);
  });

  it('stores an empty object', async () => {
    await store.put('t/empty', Readable.from([]));
    expect(await store.size('t/empty')).toBe(0);
    expect((await bytesOf(await store.get('t/empty'))).length).toBe(0);
  });

  it('replaces an object put again under its key', async () => {
    await store.put('t/again', Readable.from([Buffer.from('first version')]));
    await store.put('t/again', Readable.from([Buffer.from('second')]));
    expect((await bytesOf(await store.get('t/again'))).toString()).toBe('second');
  });

  it('streams a 20 MB object in and out without holding it whole', async () => {
    const size = 20 * MiB;
    let writingBeforeTheEnd = false;
    const body = generatedBody(size, {
      // Three quarters in, earlier bytes must already be on their way to the store (a temporary file
      // growing, a multipart upload open), not gathered in memory.
      whenAt: { offset: 15 * MiB, run: async () => void (writingBeforeTheEnd = await backing.writing('t/big')) },
    });
    await store.put('t/big', body, { contentType: 'application/octet-stream' });
    expect(writingBeforeTheEnd).toBe(true);
    expect(await store.size('t/big')).toBe(size);
    expect(await sha256Of(await store.get('t/big'))).toBe(expectedSha256(size));
    // A range across the boundary of two 5 MiB parts.
    const across = await bytesOf(await store.get('t/big', { start: 5 * MiB - 2, end: 5 * MiB + 1 }));
    expect([...across]).toEqual([0, 1, 2, 3].map((i) => byteAt(5 * MiB - 2 + i)));
  });

  it('reads inclusive byte ranges: the first byte, the middle, the last byte', async () => {
    await store.put('t/range', Readable.from([Buffer.from('0123456789')]));
    const read = async (start: number, end: number) =>
      (await bytesOf(await store.get('t/range', { start, end }))).toString();
    expect(await read(0, 0)).toBe('0');
    expect(await read(3, 6)).toBe('3456');
    expect(await read(9, 9)).toBe('9');
    expect(await read(0, 9)).toBe('0123456789');
    await expect(store.get('t/range', { start: 5, end: 4 })).rejects.toThrow(/Not a byte range/);
    await expect(store.get('t/range', { start: -1, end: 4 })).rejects.toThrow(/Not a byte range/);
  });

  it('rejects a get of a missing key with ObjectNotFound, and has no size for it', async () => {
    const error = await store.get('t/missing/nothing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ObjectNotFound);
    expect((error as ObjectNotFound).key).toBe('t/missing/nothing');
    await expect(store.get('t/missing/nothing', { start: 0, end: 0 })).rejects.toBeInstanceOf(ObjectNotFound);
    expect(await store.size('t/missing/nothing')).toBeUndefined();
  });

  it('gives an object with its size in one request, and undefined for a missing key', async () => {
    const bytes = Buffer.from('sized bytes');
    await store.put('t/sized/one', Readable.from([bytes]));
    await store.put('t/sized/empty', Readable.from([]));
    const before = backing.requests().length;
    const found = await store.getWithSize('t/sized/one');
    expect(found?.size).toBe(bytes.length);
    expect(await bytesOf(found!.stream)).toEqual(bytes);
    const empty = await store.getWithSize('t/sized/empty');
    expect(empty?.size).toBe(0);
    expect((await bytesOf(empty!.stream)).length).toBe(0);
    expect(await store.getWithSize('t/sized/missing')).toBeUndefined();
    // One GetObject each (a missing key answers 404 NoSuchKey), never a HEAD beside it.
    const path = (key: string) => `/${(store as S3ObjectStore).bucket}/${key}`;
    expect(backing.requests().slice(before)).toEqual(
      kind === 's3' ? ['t/sized/one', 't/sized/empty', 't/sized/missing'].map((key) => `GET ${path(key)}`) : [],
    );
  });

  it.each([
    ['halfway through a multipart-sized body', 20 * MiB, 12 * MiB],
    ['early in a small body', 1 * MiB, 128 * 1024],
  ])('leaves nothing behind when the body fails %s', async (_when, size, failAt) => {
    const key = `t/broken-${failAt}`;
    const failure = new Error('the client went away');
    await expect(store.put(key, generatedBody(size, { failAt, failWith: failure }))).rejects.toBe(failure);
    expect(await store.size(key)).toBeUndefined();
    await expect(store.get(key)).rejects.toBeInstanceOf(ObjectNotFound);
    expect(await backing.leftovers(key)).toEqual([]);
  });

  it('keeps the previous object whole for readers while a put is under way', async () => {
    await store.put('t/swap', Readable.from([Buffer.from('old')]));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let reachedMiddle!: () => void;
    const middle = new Promise<void>((resolve) => (reachedMiddle = resolve));
    const putting = store.put(
      't/swap',
      generatedBody(6 * MiB, {
        whenAt: {
          offset: 3 * MiB,
          run: async () => {
            reachedMiddle();
            await released;
          },
        },
      }),
    );
    await middle;
    expect((await bytesOf(await store.get('t/swap'))).toString()).toBe('old');
    expect(await store.size('t/swap')).toBe(3);
    release();
    await putting;
    expect(await store.size('t/swap')).toBe(6 * MiB);
  });

  it('deletes idempotently', async () => {
    await store.put('t/delete/me', Readable.from([Buffer.from('x')]));
    await store.delete('t/delete/me');
    expect(await store.size('t/delete/me')).toBeUndefined();
    await store.delete('t/delete/me');
    await store.delete('t/delete/never-was');
    await expect(store.get('t/delete/me')).rejects.toBeInstanceOf(ObjectNotFound);
  });

  it("deletes exactly a prefix's objects and leaves the others", async () => {
    const under = ['p/a/1', 'p/a/2', 'p/a/3/x', 'p/a/3/y', 'p/a/4'];
    const others = ['p/ab/1', 'p/b/1', 'p/a-1'];
    for (const key of [...under, ...others]) await store.put(key, Readable.from([Buffer.from(key)]));
    await store.deletePrefix('p/a');
    for (const key of under) expect(await store.size(key), key).toBeUndefined();
    for (const key of others) expect((await bytesOf(await store.get(key))).toString(), key).toBe(key);
    // Again, and for a prefix with nothing under it: nothing to do, no error.
    await store.deletePrefix('p/a');
    await store.deletePrefix('p/nothing-here');
    expect(await store.size('p/b/1')).toBe(5);
  });

  it('refuses keys that are not keys before touching anything', async () => {
    for (const key of ['../x', 'a//b', 'A', 'a/./b', '', 'a\u0000b', 'a b', '/a', 'a/', 'a/../../etc/passwd']) {
      await expect(store.put(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/Not an object key/);
      await expect(store.get(key), key).rejects.toThrow(/Not an object key/);
      await expect(store.size(key), key).rejects.toThrow(/Not an object key/);
      await expect(store.getWithSize(key), key).rejects.toThrow(/Not an object key/);
      await expect(store.delete(key), key).rejects.toThrow(/Not an object key/);
      await expect(store.deletePrefix(key), key).rejects.toThrow(/Not an object key/);
    }
  });

  it('met no server error on the way (the last test of the suite)', () => {
    expect(backing.serverErrors()).toEqual([]);
  });
});

describe('assertObjectKey', () => {
  it.each(['../x', 'a//b', 'A', 'a/./b', '', 'a\u0000b', 'a b', '.', '..', 'a/..', 'é', 'a\\b', 'x'.repeat(513)])(
    'refuses %j',
    (key) => {
      expect(() => assertObjectKey(key)).toThrow(/Not an object key/);
    },
  );

  it.each(['projects/p1/files/f-1/3', 'a', 'a.b_c-d/0', 'x'.repeat(512)])('accepts %j', (key) => {
    expect(() => assertObjectKey(key)).not.toThrow();
  });
});

describe('the local object store on disk', () => {
  let dir: string;
  let store: LocalObjectStore;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'wharf-store-'));
    store = new LocalObjectStore(path.join(dir, 'files'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('makes nothing until the first put, then keeps each object as the file named by its key', async () => {
    expect(await filesUnder(dir)).toEqual([]);
    expect(await store.size('a/b')).toBeUndefined();
    await store.deletePrefix('a');
    expect(await readdir(dir)).toEqual([]);
    await store.put('a/b', Readable.from([Buffer.from('bytes')]));
    expect(await filesUnder(dir)).toEqual([path.join('files', 'a', 'b')]);
  });

  it('treats a folder (a key that is only a prefix) as no object', async () => {
    await store.put('f/g/h', Readable.from([Buffer.from('x')]));
    expect(await store.size('f/g')).toBeUndefined();
    await expect(store.get('f/g')).rejects.toBeInstanceOf(ObjectNotFound);
    expect(await store.getWithSize('f/g')).toBeUndefined();
    await store.delete('f/g');
    expect(await store.size('f/g/h')).toBe(1);
  });

  it('gives with its size the bytes it streams, even when the object is replaced meanwhile', async () => {
    await store.put('r/replaced', Readable.from([Buffer.from('the first bytes')]));
    const found = await store.getWithSize('r/replaced');
    await store.put('r/replaced', Readable.from([Buffer.from('second')]));
    expect(found?.size).toBe(15);
    expect((await bytesOf(found!.stream)).toString()).toBe('the first bytes');
    const now = await store.getWithSize('r/replaced');
    expect(now?.size).toBe(6);
    expect((await bytesOf(now!.stream)).toString()).toBe('second');
  });
});

describe("the S3 object store's requests", () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(() => server?.close());

  it('carry checksums only where the API requires one (WHEN_REQUIRED), never aws-chunked bodies', async () => {
    const store = s3StoreFor(server);
    await store.put('c/small', Readable.from([Buffer.from('small')]));
    await store.put('c/big', generatedBody(11 * MiB));
    await bytesOf(await store.get('c/big', { start: 1, end: 2 }));
    await store.size('c/small');
    await store.deletePrefix('c');
    await store.close();

    const checksumHeaders = (headers: RecordedS3Request['headers']) =>
      Object.keys(headers).filter((name) =>
        /^x-amz-(sdk-)?checksum|^x-amz-trailer$|^x-amz-decoded-content-length$/.test(name),
      );
    const requests = server.requests();
    // Every call answered at once: no server error hidden by the SDK's retries.
    expect(requests.filter((r) => r.status !== undefined && r.status >= 500)).toEqual([]);
    const deletes = requests.filter((r) => r.method === 'POST' && /[?&]delete(=|&|$)/.test(r.url));
    const others = requests.filter((r) => !deletes.includes(r));
    // PUT small, CreateMultipartUpload, three parts, Complete, GET, HEAD, DELETE c, a listing, DeleteObjects.
    expect(others.length).toBeGreaterThanOrEqual(9);
    for (const request of others) {
      expect(checksumHeaders(request.headers), `${request.method} ${request.url}`).toEqual([]);
      expect(request.headers['content-encoding'] ?? '', `${request.method} ${request.url}`).not.toContain(
        'aws-chunked',
      );
    }
    // DeleteObjects is the one call S3 refuses without a checksum.
    expect(deletes).toHaveLength(1);
    expect(checksumHeaders(deletes[0]!.headers).length).toBeGreaterThan(0);
  });
});

describe('the S3 object store when the server cannot abort a multipart upload', () => {
  let server: TestS3Server;
  beforeAll(async () => {
    server = await startS3Server({ refuseAborts: true });
  });
  afterAll(() => server?.close());

  it("still rejects with the body's error, and says the upload could not be cleaned up", async () => {
    const logged: string[] = [];
    const store = s3StoreFor(server, (message) => logged.push(message));
    const failure = new Error('the client went away');
    await expect(
      store.put('t/unabortable', generatedBody(20 * MiB, { failAt: 12 * MiB, failWith: failure })),
    ).rejects.toBe(failure);
    expect(logged).toEqual(['object store: the failed upload of t/unabortable could not be cleaned up']);
    expect(await store.size('t/unabortable')).toBeUndefined();
    await store.close();
  });
});
