import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { makeAdmin } from '../accounts/testing.js';

const png = (width: number, colour: string) =>
  sharp({ create: { width, height: width, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Headers each answer has of its own: the rest of a kept answer must be the first one's. */
const OWN_HEADERS = new Set(['date', 'x-request-id', 'age', 'connection', 'keep-alive']);
const sameFor = (headers: Headers) =>
  Object.fromEntries([...headers].filter(([name]) => !OWN_HEADERS.has(name)).sort(([a], [b]) => a.localeCompare(b)));

/**
 * The drive's public links over real HTTP, where a kept answer is given before Fastify (app.inject
 * never reaches that part): the second ask of a signed rendering is the first answer again, counted
 * as served, and never outlives the file's version, the file, or the link.
 */
describe("the drive's public renderings, answered again from memory", () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: BearerUser;
  let project: string;
  let base: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    admin = await bearerUser(t, 'root@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    project = (await createProjectAs(owner, 'Shop')).id;
    await installDrive(owner, project);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const previewOf = async (fileId: string): Promise<string> =>
    (await owner.call('GET', `/v1/drive/metadata/${fileId}?project=${project}`)).json().preview.src;
  const metrics = async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await admin.call('GET', `/v1/drive/admin/projects/${project}/metrics?start=${day}&end=${day}`);
    return res.json().days[0] as { bytesServed: number; transforms: number };
  };

  it('gives the same answer again, with its age, and counts it as served', async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'hero.png',
      type: 'image/png',
      bytes: await png(300, '#3366ff'),
    });
    const link = await previewOf(file.id);
    const before = await metrics();
    const first = await fetch(`${base}${link}`);
    const firstBytes = Buffer.from(await first.arrayBuffer());
    expect(first.status).toBe(200);
    expect(first.headers.get('age')).toBeNull();
    t.clock.advance(1500);
    const again = await fetch(`${base}${link}`);
    expect(again.status).toBe(200);
    expect(again.headers.get('age')).toBe('1');
    expect(Buffer.from(await again.arrayBuffer()).equals(firstBytes)).toBe(true);
    // Every header of the first answer — type, sandbox policy, nosniff, cache, ETag, the console's
    // security headers — comes again; each answer has its own request id.
    expect(sameFor(again.headers)).toEqual(sameFor(first.headers));
    expect(again.headers.get('content-security-policy')).toContain('sandbox');
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    const after = await metrics();
    expect(after.bytesServed - before.bytesServed).toBe(2 * firstBytes.length);
    expect(after.transforms - before.transforms).toBe(1);
  });

  it('forgets the answer when the file gets new bytes or is deleted', async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'sale.png',
      type: 'image/png',
      bytes: await png(120, '#00aa00'),
    });
    const link = await previewOf(file.id);
    expect((await fetch(`${base}${link}`)).status).toBe(200);
    expect((await fetch(`${base}${link}`)).headers.get('age')).toBe('0');
    // New bytes: the link signed the old version, so it shows nothing now.
    const sent = await t.app.inject({
      method: 'POST',
      url: `/v1/drive/files/${file.id}?project=${project}`,
      headers: { authorization: owner.authorization(), 'content-type': 'application/octet-stream' },
      payload: await png(120, '#aa0000'),
    });
    expect(sent.statusCode).toBe(200);
    expect((await fetch(`${base}${link}`)).status).toBe(404);
    const fresh = await previewOf(file.id);
    expect((await fetch(`${base}${fresh}`)).status).toBe(200);
    expect((await fetch(`${base}${fresh}`)).headers.get('age')).toBe('0');
    expect((await owner.call('DELETE', `/v1/drive/files/${file.id}?project=${project}`)).statusCode).toBe(204);
    expect((await fetch(`${base}${fresh}`)).status).toBe(404);
  });

  it('never gives a signed rendering past its link’s expiry', async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'old.png',
      type: 'image/png',
      bytes: await png(80, '#777777'),
    });
    const link = await previewOf(file.id);
    expect((await fetch(`${base}${link}`)).status).toBe(200);
    t.clock.advance(3 * 3600_000);
    await owner.refresh();
    await admin.refresh();
    const expired = await fetch(`${base}${link}`);
    expect(expired.status).toBe(404);
    expect(expired.headers.get('age')).toBeNull();
  });

  it('leaves conditional and cross-origin asks to the whole pipeline', async () => {
    const file = await uploadAs(t, owner, project, {
      name: 'logo.png',
      type: 'image/png',
      bytes: await png(64, '#123456'),
    });
    const link = await previewOf(file.id);
    const first = await fetch(`${base}${link}`);
    const etag = first.headers.get('etag')!;
    const revalidated = await fetch(`${base}${link}`, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);
    const crossOrigin = await fetch(`${base}${link}`, { headers: { origin: 'https://elsewhere.example' } });
    expect(crossOrigin.headers.get('age')).toBeNull();
    expect(crossOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });
});
