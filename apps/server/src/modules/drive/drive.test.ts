import { readdir, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LocalObjectStore } from '../../core/storage/local-store.js';
import { S3ObjectStore } from '../../core/storage/s3-store.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { startS3Server } from '../../test/s3-server.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { driveProjects } from './schema.js';

const png = (width: number, height: number, colour = '#3366ff') =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>');
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

type S3 = Awaited<ReturnType<typeof startS3Server>>;

/** Every file of the local store's folder, so a test can say nothing was left behind. */
async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.DATA_DIR, 'files');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

describe.each(['local', 's3'] as const)('the drive (%s store)', (backing) => {
  let t: TestApp;
  let s3: S3 | undefined;
  let owner: BearerUser;
  let project: string;
  let other: BearerUser;
  let otherProject: string;

  beforeAll(async () => {
    if (backing === 's3') s3 = await startS3Server();
    t = await createStartedTestApp(
      s3
        ? {
            config: {
              S3_ENDPOINT: s3.endpoint,
              S3_BUCKET: s3.bucket,
              S3_REGION: s3.region,
              S3_ACCESS_KEY_ID: s3.accessKeyId,
              S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
            },
          }
        : {},
    );
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    await installDrive(owner, project);
    other = await bearerUser(t, 'other@example.com');
    otherProject = (await createProjectAs(other, 'Other shop')).id;
    await installDrive(other, otherProject);
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  const files = (query = '') => `/v1/drive/files?project=${project}${query}`;
  const fileUrl = (id: string, p = project) => `/v1/drive/files/${id}?project=${p}`;
  const send = (url: string, bytes: Buffer, who: BearerUser = owner) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: who.authorization(), 'content-type': 'application/octet-stream' },
      payload: bytes,
    });
  const usage = async () => (await owner.call('GET', `/v1/drive/sync/status?project=${project}`)).json().usage;

  it('answers 403 MODULE_NOT_INSTALLED in a project without the Drive module', async () => {
    const bare = (await createProjectAs(owner, 'No drive')).id;
    const res = await owner.call('GET', `/v1/drive/metadata?project=${bare}`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'MODULE_NOT_INSTALLED' });
  });

  it('creates a record, takes the bytes, sniffs the type, measures the image and serves it back', async () => {
    const bytes = await png(40, 30);
    const created = await owner.call('POST', files(), {
      name: 'Logo.png',
      type: 'application/octet-stream',
      size: bytes.length,
      tags: ['Brand', 'brand', 'summer'],
    });
    expect(created.statusCode).toBe(201);
    const { file, upload } = created.json();
    expect(file).toMatchObject({ status: 'pending', tags: ['brand', 'summer'], version: 0, etag: null });
    expect(upload).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/octet-stream' } });

    const sent = await send(upload.url, bytes);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'ready',
      type: 'image/png',
      size: bytes.length,
      width: 40,
      height: 30,
      version: 1,
      uploadedBy: { id: owner.user.id },
    });

    const got = await owner.call('GET', fileUrl(file.id));
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(bytes)).toBe(true);
    expect(got.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
      etag: sent.json().etag,
      'cache-control': 'private, no-cache',
    });
    expect(got.headers['content-disposition']).toMatch(/^inline; filename="Logo.png"/);
    expect(got.headers['content-security-policy']).toMatch(/^sandbox/);
    expect(await usage()).toMatchObject({ usedBytes: bytes.length });
  });

  it('serves byte ranges, 416 outside the file, and 304 for the ETag the caller has', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    const file = await uploadAs(t, owner, project, { name: 'digits.txt', type: 'text/plain', bytes });
    const ranged = (range: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: fileUrl(file.id),
        headers: { authorization: owner.authorization(), range, ...extra },
      });
    const first = await ranged('bytes=0-3');
    expect(first.statusCode).toBe(206);
    expect(first.body).toBe('0123');
    expect(first.headers['content-range']).toBe('bytes 0-3/16');
    const last = await ranged('bytes=-4');
    expect([last.statusCode, last.body]).toEqual([206, 'cdef']);
    const middle = await ranged('bytes=10-');
    expect([middle.statusCode, middle.body]).toEqual([206, 'abcdef']);
    const outside = await ranged('bytes=100-200');
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */16');
    expect(outside.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
    // A range of an older copy (If-Range names another ETag) gets the whole file.
    const stale = await ranged('bytes=0-3', { 'if-range': '"old-1"' });
    expect([stale.statusCode, stale.body]).toEqual([200, bytes.toString()]);
    const cached = await t.app.inject({
      method: 'GET',
      url: fileUrl(file.id),
      headers: { authorization: owner.authorization(), 'if-none-match': String(file.etag) },
    });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('refuses bytes of another kind than declared, and keeps nothing', async () => {
    const before = await storedFiles(t);
    const created = (
      await owner.call('POST', files(), { name: 'photo.png', type: 'image/png', size: PDF.length })
    ).json();
    const sent = await send(created.upload.url, PDF);
    expect(sent.statusCode).toBe(400);
    expect(sent.json()).toMatchObject({ code: 'TYPE_MISMATCH' });
    expect(sent.json().message).toContain('application/pdf');
    const meta = await owner.call('GET', `/v1/drive/metadata/${created.file.id}?project=${project}`);
    expect(meta.json()).toMatchObject({ status: 'pending', version: 0 });
    expect(await storedFiles(t)).toEqual(before);
    // A PDF declared as one is kept, as what its bytes say it is.
    const pdf = await uploadAs(t, owner, project, { name: 'terms.pdf', type: 'application/pdf', bytes: PDF });
    expect(pdf).toMatchObject({ type: 'application/pdf', width: null });
  });

  it('measures a JPEG as shown (EXIF orientation 6) as its bytes come in, reading nothing back', async () => {
    const bytes = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#3366ff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const store = (backing === 's3' ? S3ObjectStore : LocalObjectStore).prototype;
    const reads = [vi.spyOn(store, 'get'), vi.spyOn(store, 'getWithSize'), vi.spyOn(store, 'size')];
    const seen = s3?.requests().length ?? 0;
    try {
      const file = await uploadAs(t, owner, project, { name: 'portrait.jpg', type: 'image/jpeg', bytes });
      expect(file).toMatchObject({ status: 'ready', type: 'image/jpeg', width: 80, height: 120 });
      for (const read of reads) expect(read).not.toHaveBeenCalled();
      if (s3) {
        // One PutObject of its bytes, and no other request about them.
        const about = s3
          .requests()
          .slice(seen)
          .filter((request) => request.url.includes(file.id));
        expect(about.map((request) => request.method)).toEqual(['PUT']);
      }
    } finally {
      for (const read of reads) read.mockRestore();
    }
  });

  it('keeps no size for bytes declared image/png that sharp cannot read, nor for files that are no image', async () => {
    // A PNG's signature and header, then nothing of a PNG: the type is an image's, the bytes are no image.
    const broken = Buffer.concat([(await png(40, 30)).subarray(0, 33), Buffer.alloc(5000, 7)]);
    const file = await uploadAs(t, owner, project, { name: 'broken.png', type: 'image/png', bytes: broken });
    expect(file).toMatchObject({ status: 'ready', type: 'image/png', size: broken.length, width: null, height: null });
    expect((await owner.call('GET', fileUrl(file.id))).rawPayload.equals(broken)).toBe(true);
    const text = await uploadAs(t, owner, project, { name: 'n.txt', type: 'text/plain', bytes: Buffer.from('n') });
    expect(text).toMatchObject({ type: 'text/plain', width: null, height: null });
  });

  it('refuses more or fewer bytes than declared, and keeps nothing', async () => {
    const before = await storedFiles(t);
    const created = (await owner.call('POST', files(), { name: 'a.txt', type: 'text/plain', size: 5 })).json();
    const more = await send(created.upload.url, Buffer.from('123456'));
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: 'SIZE_MISMATCH' });
    const fewer = await send(created.upload.url, Buffer.from('1234'));
    expect(fewer.statusCode).toBe(400);
    expect(fewer.json().message).toBe(
      'The file was declared as 5 bytes but 4 were sent. Create it again with its real size.',
    );
    expect(await storedFiles(t)).toEqual(before);
    const json = await t.app.inject({
      method: 'POST',
      url: created.upload.url,
      headers: { authorization: owner.authorization() },
      payload: { bytes: '12345' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('keeps an SVG, with its script, only as an attachment in a sandbox', async () => {
    const svg = await uploadAs(t, owner, project, {
      name: 'icon.svg',
      type: 'image/svg+xml',
      bytes: SVG,
      public: true,
    });
    expect(svg.type).toBe('image/svg+xml');
    for (const res of [
      await owner.call('GET', fileUrl(svg.id)),
      await t.app.inject({ method: 'GET', url: `/v1/drive/public/${project}/files/${svg.id}` }),
    ]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
      expect(res.headers['content-security-policy']).toMatch(/^sandbox; default-src 'none'/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    // HTML declared as an image is not an image.
    const created = (await owner.call('POST', files(), { name: 'x.png', type: 'image/png', size: 20 })).json();
    const html = await send(created.upload.url, Buffer.from('<html><script></script'));
    expect(html.statusCode).toBe(400);
  });

  it("answers 413 QUOTA_EXCEEDED past the project's quota, on creating and on uploading", async () => {
    const big = await owner.call('POST', files(), { name: 'big.bin', type: 'application/zip', size: 2 * 1024 ** 3 });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    expect(big.json().message).toMatch(/^This file needs 2 GB but the project has \d+ [GM]B left in its drive\.$/);
    const created = (await owner.call('POST', files(), { name: 'late.txt', type: 'text/plain', size: 10 })).json();
    const { usedBytes } = await usage();
    // The quota shrinks (a platform admin) between the record and its bytes.
    await t.database.db.update(driveProjects).set({ quotaBytes: usedBytes + 5 });
    const before = await storedFiles(t);
    const sent = await send(created.upload.url, Buffer.from('0123456789'));
    expect(sent.statusCode).toBe(413);
    expect(await storedFiles(t)).toEqual(before);
    expect((await usage()).usedBytes).toBe(usedBytes);
    await t.database.db.update(driveProjects).set({ quotaBytes: 1024 ** 3 });
  });

  it('serves public files to anyone, with long cache headers for a versioned link; private ones answer 404', async () => {
    const bytes = await png(8, 8);
    const file = await uploadAs(t, owner, project, { name: 'banner.png', type: 'image/png', bytes });
    const publicUrl = `/v1/drive/public/${project}/files/${file.id}`;
    expect((await t.app.inject({ method: 'GET', url: publicUrl })).statusCode).toBe(404);
    const patched = await owner.call('PATCH', `/v1/drive/metadata/${file.id}?project=${project}`, { public: true });
    expect(patched.json()).toMatchObject({ public: true });
    const open = await t.app.inject({ method: 'GET', url: publicUrl });
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(bytes)).toBe(true);
    expect(open.headers['cache-control']).toBe('public, max-age=3600');
    expect(open.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const versioned = await t.app.inject({ method: 'GET', url: `${publicUrl}?v=${file.version}` });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The file's id under another project's address is not there.
    expect(
      (await t.app.inject({ method: 'GET', url: `/v1/drive/public/${otherProject}/files/${file.id}` })).statusCode,
    ).toBe(404);
  });

  it("keeps one project's files from another project's members", async () => {
    const file = await uploadAs(t, owner, project, { name: 'secret.txt', type: 'text/plain', bytes: Buffer.from('s') });
    // Naming the file's project: not a member there.
    for (const [method, url] of [
      ['GET', fileUrl(file.id)],
      ['GET', `/v1/drive/metadata/${file.id}?project=${project}`],
      ['DELETE', fileUrl(file.id)],
      ['GET', `/v1/drive/metadata?project=${project}`],
      ['GET', `/v1/drive/sync?project=${project}`],
    ] as const) {
      expect((await other.call(method, url)).statusCode).toBe(403);
    }
    // Naming their own project: the file is not in it.
    expect((await other.call('GET', fileUrl(file.id, otherProject))).statusCode).toBe(404);
    expect((await other.call('DELETE', fileUrl(file.id, otherProject))).statusCode).toBe(404);
    expect(
      (await other.call('PATCH', `/v1/drive/metadata/${file.id}?project=${otherProject}`, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await send(fileUrl(file.id, otherProject), Buffer.from('s'), other)).statusCode).toBe(404);
    const listed = (await other.call('GET', `/v1/drive/metadata?project=${otherProject}`)).json();
    expect(listed.items.map((item: { id: string }) => item.id)).not.toContain(file.id);
    expect((await owner.call('GET', fileUrl(file.id))).statusCode).toBe(200);
  });

  it('replaces the bytes as a new version, and deletes the old ones once that committed', async () => {
    const file = await uploadAs(t, owner, project, { name: 'price.txt', type: 'text/plain', bytes: Buffer.from('v1') });
    const stored = (await storedFiles(t)).length;
    const replaced = await send(fileUrl(file.id), Buffer.from('version two'));
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ version: 2, size: 11 });
    expect(replaced.json().etag).not.toBe(file.etag);
    expect((await owner.call('GET', fileUrl(file.id))).body).toBe('version two');
    await t.app.services.jobs.runDue();
    if (backing === 'local') expect((await storedFiles(t)).length).toBe(stored);
    // New bytes without their length (chunked) are refused: there is nothing to check them against.
    const chunked = await t.app.inject({
      method: 'POST',
      url: fileUrl(file.id),
      headers: { authorization: owner.authorization(), 'content-type': 'application/octet-stream' },
      payload: Readable.from([Buffer.from('abc')]),
    });
    expect(chunked.statusCode).toBe(411);
    expect(chunked.json()).toMatchObject({ code: 'LENGTH_REQUIRED' });
  });

  it('deletes the record and then the bytes, and gives the space back', async () => {
    const bytes = Buffer.from('to be deleted');
    const file = await uploadAs(t, owner, project, { name: 'old.txt', type: 'text/plain', bytes });
    const { usedBytes, fileCount } = await usage();
    const stored = (await storedFiles(t)).length;
    expect((await owner.call('DELETE', fileUrl(file.id))).statusCode).toBe(204);
    expect((await owner.call('GET', fileUrl(file.id))).statusCode).toBe(404);
    expect(await usage()).toMatchObject({ usedBytes: usedBytes - bytes.length, fileCount: fileCount - 1 });
    await t.app.services.jobs.runDue();
    if (backing === 'local') expect((await storedFiles(t)).length).toBe(stored - 1);
    expect((await owner.call('DELETE', fileUrl(file.id))).statusCode).toBe(404);
  });

  it('leaves nothing behind when the client goes away halfway through an upload', async () => {
    const before = await storedFiles(t);
    const created = (
      await owner.call('POST', files(), { name: 'cut.bin', type: 'application/zip', size: 1_000_000 })
    ).json();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: created.upload.url,
        headers: {
          authorization: owner.authorization(),
          'content-type': 'application/octet-stream',
          'content-length': '1000000',
        },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(300_000, 1), () => setTimeout(() => req.destroy(), 100));
      req.on('close', () => resolve());
    });
    // The server notices the lost connection and cleans up: wait until it has (bounded).
    for (let i = 0; i < 100 && (await storedFiles(t)).length !== before.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await storedFiles(t)).toEqual(before);
    const meta = (await owner.call('GET', `/v1/drive/metadata/${created.file.id}?project=${project}`)).json();
    expect(meta).toMatchObject({ status: 'pending', version: 0 });
  });

  it('renders an image as the options ask, keeps the rendering, and refuses options on other files', async () => {
    const file = await uploadAs(t, owner, project, { name: 'wide.png', type: 'image/png', bytes: await png(120, 60) });
    const stored = (await storedFiles(t)).length;
    const url = `${fileUrl(file.id)}&type=webp&width=40`;
    const first = await owner.call('GET', url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['content-disposition']).toMatch(/^inline; filename="wide.webp"/);
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 20 });
    if (backing === 'local') expect((await storedFiles(t)).length).toBe(stored + 1);
    // The second time it comes from the store, the same bytes; the same options in another order too.
    const again = await owner.call('GET', `${fileUrl(file.id)}&width=40&type=webp`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(first.headers.etag);
    if (backing === 'local') expect((await storedFiles(t)).length).toBe(stored + 1);
    // Clamped as SPEC.md section 5 says: a negative width is no width.
    const clamped = await owner.call('GET', `${fileUrl(file.id)}&type=png&width=-5`);
    expect(await sharp(clamped.rawPayload).metadata()).toMatchObject({ format: 'png', width: 120 });
    const text = await uploadAs(t, owner, project, { name: 'a.txt', type: 'text/plain', bytes: Buffer.from('a') });
    const refused = await owner.call('GET', `${fileUrl(text.id)}&width=40`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'NOT_AN_IMAGE' });
    // Deleting the file deletes its renderings with its bytes.
    const ofFile = async () => (await storedFiles(t)).filter((name) => name.includes(file.id));
    // Asked again, a rendering comes from memory: even gone from the store, it is still answered.
    if (backing === 'local') {
      const variant = (await storedFiles(t)).find((name) => name.includes(`variants/${file.id}`))!;
      await rm(variant);
      const fromMemory = await owner.call('GET', url);
      expect(fromMemory.rawPayload.equals(first.rawPayload)).toBe(true);
      await writeFile(variant, first.rawPayload);
    }
    // Its bytes and the one rendering (a png without a width is the original itself).
    if (backing === 'local') expect(await ofFile()).toHaveLength(2);
    await owner.call('DELETE', fileUrl(file.id));
    await t.app.services.jobs.runDue();
    if (backing === 'local') expect(await ofFile()).toEqual([]);
  });

  it('reads a rendering made before from the store in one request', async () => {
    // Noise: its rendering is over the 2 MiB kept in memory, so each request after the first reads the store.
    const noise = { type: 'gaussian', mean: 128, sigma: 60 } as const;
    const bytes = await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#000', noise } })
      .png()
      .toBuffer();
    const file = await uploadAs(t, owner, project, { name: 'noise.png', type: 'image/png', bytes });
    const url = `${fileUrl(file.id)}&type=png&width=999`;
    const store = (backing === 's3' ? S3ObjectStore : LocalObjectStore).prototype;
    const sizes = vi.spyOn(store, 'size');
    const sized = vi.spyOn(store, 'getWithSize');
    const seen = s3?.requests().length ?? 0;
    try {
      const first = await owner.call('GET', url);
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.length).toBeGreaterThan(2 * 1024 ** 2);
      const between = s3?.requests().length ?? 0;
      const again = await owner.call('GET', url);
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(Number(again.headers['content-length'])).toBe(first.rawPayload.length);
      expect(sizes).not.toHaveBeenCalled();
      expect(sized).toHaveBeenCalledTimes(2);
      if (s3) {
        const requests = s3.requests();
        const ofRendering = (from: number, to?: number) =>
          requests
            .slice(from, to)
            .filter((request) => request.url.includes(`variants/${file.id}`))
            .map((request) => request.method);
        // Not there yet (one GET, answered 404), then kept; the second time one GET.
        expect(ofRendering(seen, between)).toEqual(['GET', 'PUT']);
        expect(ofRendering(between)).toEqual(['GET']);
      }
    } finally {
      sizes.mockRestore();
      sized.mockRestore();
    }
  });

  it("signs a private image's preview links, which work signed out until they expire or the file changes", async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'private.png',
      type: 'image/png',
      bytes: await png(300, 200),
    });
    const meta = (await owner.call('GET', `/v1/drive/metadata/${file.id}?project=${project}`)).json();
    expect(meta.preview.sources.map((source: { type: string }) => source.type)).toEqual(['image/webp', 'image/jpeg']);
    // 200 and 400 px: an image of 300 px needs no more.
    expect(meta.preview.sources[0].srcset.split(', ')).toHaveLength(2);
    const [webp] = meta.preview.sources[0].srcset.split(', ')[0].split(' ');
    const open = await t.app.inject({ method: 'GET', url: webp });
    expect(open.statusCode).toBe(200);
    expect(open.headers['content-type']).toBe('image/webp');
    expect(open.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(await sharp(open.rawPayload).metadata()).toMatchObject({ width: 200 });
    const jpg = await t.app.inject({ method: 'GET', url: meta.preview.src });
    expect([jpg.statusCode, jpg.headers['content-type']]).toEqual([200, 'image/jpeg']);
    // A private file: tampered, widened or expired links show nothing, and say nothing of it.
    const tampered = webp.replace('width=200', 'width=2000');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: webp.replace(/signature=[^&]+/, 'signature=AAAA') })).statusCode,
    ).toBe(404);
    const unsigned = `/v1/drive/public/${project}/files/${file.id}`;
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
    // New bytes: the old links were for the old version.
    await send(fileUrl(file.id), await png(300, 200, '#ff0000'));
    expect((await t.app.inject({ method: 'GET', url: webp })).statusCode).toBe(404);
    const fresh = (await owner.call('GET', `/v1/drive/metadata/${file.id}?project=${project}`)).json().preview.src;
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
    t.clock.advance(3 * 3600_000);
    await owner.refresh();
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(404);
  });

  it("asks a signature for a public image's renderings, not for its original", async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'public.png',
      type: 'image/png',
      bytes: await png(100, 100),
      public: true,
    });
    const base = `/v1/drive/public/${project}/files/${file.id}`;
    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(200);
    // Asking its own format is still the original.
    expect((await t.app.inject({ method: 'GET', url: `${base}?type=png` })).statusCode).toBe(200);
    const unsigned = await t.app.inject({ method: 'GET', url: `${base}?width=50` });
    expect(unsigned.statusCode).toBe(403);
    expect(unsigned.json()).toMatchObject({ code: 'SIGNATURE_REQUIRED' });
    const meta = (await owner.call('GET', `/v1/drive/metadata/${file.id}?project=${project}`)).json();
    const signed = await t.app.inject({ method: 'GET', url: meta.preview.src });
    expect(signed.statusCode).toBe(200);
    expect(signed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const forged = await t.app.inject({
      method: 'GET',
      url: meta.preview.src.replace(/signature=[^&]+/, 'signature=x'),
    });
    expect(forged.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
    t.clock.advance(3 * 3600_000);
    await owner.refresh();
    const expired = await t.app.inject({ method: 'GET', url: meta.preview.src });
    expect(expired.json()).toMatchObject({ code: 'LINK_EXPIRED' });
  });

  it("deletes a project's bytes and renderings once the project's deletion committed", async () => {
    const doomed = (await createProjectAs(owner, 'Closing down')).id;
    await installDrive(owner, doomed);
    const file = await uploadAs(t, owner, doomed, { name: 'last.png', type: 'image/png', bytes: await png(50, 50) });
    expect((await owner.call('GET', `/v1/drive/files/${file.id}?project=${doomed}&width=10`)).statusCode).toBe(200);
    const ofProject = async () => (await storedFiles(t)).filter((name) => name.includes(doomed));
    if (backing === 'local') expect(await ofProject()).toHaveLength(2);
    expect((await owner.call('DELETE', `/v1/projects/${doomed}`)).statusCode).toBe(204);
    await t.app.services.jobs.runDue();
    if (backing === 'local') expect(await ofProject()).toEqual([]);
  });

  it("keeps bytes in the storage class the project's drive was set up with", async () => {
    // The drive's row exists once a file has been made in it.
    await uploadAs(t, owner, project, { name: 'first.txt', type: 'text/plain', bytes: Buffer.from('1') });
    await t.database.db.update(driveProjects).set({ storageClass: 'infrequent' });
    const file = await uploadAs(t, owner, project, {
      name: 'archive.txt',
      type: 'text/plain',
      bytes: Buffer.from('old'),
    });
    expect((await owner.call('GET', fileUrl(file.id))).body).toBe('old');
    if (s3) {
      const puts = s3.requests().filter((request) => request.method === 'PUT' || request.method === 'POST');
      expect(puts.at(-1)?.headers['x-amz-storage-class']).toBe('STANDARD_IA');
    }
    await t.database.db.update(driveProjects).set({ storageClass: 'standard' });
  });

  it('refuses names that are paths or hold a NUL, and unknown files', async () => {
    for (const name of ['../etc/passwd', 'a/b.png', 'x\u0000.png', '..', '']) {
      const res = await owner.call('POST', files(), { name, type: 'image/png', size: 1 });
      expect(res.statusCode).toBe(400);
    }
    expect((await owner.call('GET', fileUrl(UNKNOWN))).statusCode).toBe(404);
    expect((await owner.call('GET', fileUrl(UNKNOWN))).json()).toMatchObject({ code: 'FILE_NOT_FOUND' });
  });
});

describe('drive metadata, search and sync', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    await installDrive(owner, project);
    const image = await png(4, 4);
    const seeds = [
      { name: 'summer-logo.png', type: 'image/png', bytes: image, tags: ['summer', 'brand'], folder: 'brand' },
      { name: 'winter-logo.png', type: 'image/png', bytes: image, tags: ['winter'], folder: 'brand/old' },
      { name: 'price list.pdf', type: 'application/pdf', bytes: PDF, tags: ['summer'] },
      { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello'), public: true },
      // Same name, same size: ties broken by id, across pages.
      { name: 'same.txt', type: 'text/plain', bytes: Buffer.from('12') },
      { name: 'same.txt', type: 'text/plain', bytes: Buffer.from('34') },
      { name: 'same.txt', type: 'text/plain', bytes: Buffer.from('56') },
    ];
    for (const [i, seed] of seeds.entries()) {
      t.clock.advance(1000);
      ids[`${seed.name}#${i}`] = (await uploadAs(t, owner, project, seed)).id;
    }
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string>) => {
    const res = await owner.call('GET', `/v1/drive/metadata?${new URLSearchParams({ project, ...query })}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: string; name: string; size: number }[]; nextPageToken: string | null };
  };
  const names = async (query: string) => (await list({ query, sortBy: 'name' })).items.map((item) => item.name);

  it('searches by type, tag, name, folder, public and free words', async () => {
    expect(await names('type:image')).toEqual(['summer-logo.png', 'winter-logo.png']);
    expect(await names('type:pdf,image tag:summer')).toEqual(['price list.pdf', 'summer-logo.png']);
    expect(await names('name:LOGO')).toEqual(['summer-logo.png', 'winter-logo.png']);
    expect(await names('logo winter')).toEqual(['winter-logo.png']);
    expect(await names('folder:brand')).toEqual(['summer-logo.png', 'winter-logo.png']);
    expect(await names('folder:brand/old')).toEqual(['winter-logo.png']);
    expect(await names('public:true')).toEqual(['notes.txt']);
    expect(await names('type:text')).toEqual(['notes.txt', 'same.txt', 'same.txt', 'same.txt']);
    expect(await names('"price list"')).toEqual(['price list.pdf']);
    // A wildcard of LIKE is taken literally.
    expect(await names('%')).toEqual([]);
    const bad = await owner.call('GET', `/v1/drive/metadata?project=${project}&query=type:spreadsheet`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_SEARCH' });
  });

  it('sorts before it pages, each sort both ways, ties broken by id across pages', async () => {
    for (const sortBy of ['name', '-name', 'size', '-size', 'created', '-created', 'updated', '-updated']) {
      const whole = (await list({ sortBy, pageSize: '100' })).items;
      const paged: typeof whole = [];
      let pageToken: string | null = null;
      do {
        const page: Awaited<ReturnType<typeof list>> = await list({
          sortBy,
          pageSize: '2',
          ...(pageToken ? { pageToken } : {}),
        });
        paged.push(...page.items);
        pageToken = page.nextPageToken;
      } while (pageToken);
      expect(paged.map((item) => item.id)).toEqual(whole.map((item) => item.id));
      expect(whole).toHaveLength(7);
    }
    const byName = (await list({ sortBy: 'name', pageSize: '100' })).items.map((item) => item.name);
    expect(byName).toEqual([...byName].sort());
  });

  it('refuses forged page tokens, and a token of another sort', async () => {
    const page = await list({ sortBy: 'name', pageSize: '2' });
    const other = await owner.call(
      'GET',
      `/v1/drive/metadata?project=${project}&sortBy=size&pageToken=${page.nextPageToken}`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: 'INVALID_PAGE_TOKEN' });
    const forged = await owner.call('GET', `/v1/drive/metadata?project=${project}&pageToken=eyJhdCI6IjEifQ.AAAA`);
    expect(forged.statusCode).toBe(400);
  });

  it('feeds every change in order, across deletions, from any cursor', async () => {
    const all = (await owner.call('GET', `/v1/drive/sync?project=${project}&limit=1000`)).json();
    // Seven files, each created then uploaded.
    expect(all.changes).toHaveLength(14);
    expect(all.changes.map((change: { sequence: number }) => change.sequence)).toEqual(
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    const doomed = ids['notes.txt#3']!;
    await owner.call('PATCH', `/v1/drive/metadata/${doomed}?project=${project}`, { tags: ['kept'] });
    await owner.call('DELETE', `/v1/drive/files/${doomed}?project=${project}`);
    const since = (await owner.call('GET', `/v1/drive/sync?project=${project}&cursor=${all.cursor}&limit=1`)).json();
    expect(since).toMatchObject({ hasMore: true, cursor: 15 });
    expect(since.changes).toEqual([expect.objectContaining({ kind: 'updated', fileId: doomed, file: null })]);
    const rest = (await owner.call('GET', `/v1/drive/sync?project=${project}&cursor=${since.cursor}`)).json();
    expect(rest).toMatchObject({
      hasMore: false,
      cursor: 16,
      changes: [{ sequence: 16, kind: 'deleted', file: null }],
    });
    const status = (await owner.call('GET', `/v1/drive/sync/status?project=${project}`)).json();
    expect(status).toMatchObject({
      cursor: 16,
      lastChange: { sequence: 16, kind: 'deleted', fileId: doomed },
      usage: { fileCount: 6, quotaBytes: 1024 ** 3 },
    });
    const again = (await owner.call('GET', `/v1/drive/sync?project=${project}&cursor=16`)).json();
    expect(again).toEqual({ changes: [], cursor: 16, hasMore: false });
  });

  it('expires records whose bytes never came, a day on, with their change in the feed', async () => {
    const created = (
      await owner.call('POST', `/v1/drive/files?project=${project}`, { name: 'never.txt', type: 'text/plain', size: 3 })
    ).json();
    const { usage } = (await owner.call('GET', `/v1/drive/sync/status?project=${project}`)).json();
    t.clock.advance(25 * 3600_000);
    await owner.refresh();
    await t.app.services.jobs.runDue();
    const meta = await owner.call('GET', `/v1/drive/metadata/${created.file.id}?project=${project}`);
    expect(meta.statusCode).toBe(404);
    const status = (await owner.call('GET', `/v1/drive/sync/status?project=${project}`)).json();
    expect(status.usage.fileCount).toBe(usage.fileCount - 1);
    expect(status.lastChange).toMatchObject({ kind: 'deleted', fileId: created.file.id });
    // Ready files are not touched.
    expect((await list({ sortBy: 'name', pageSize: '100' })).items.length).toBeGreaterThan(0);
  });
});
