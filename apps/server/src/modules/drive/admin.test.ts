import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { makeAdmin } from '../accounts/testing.js';
import { installDrive, uploadAs } from '../../test/drive.js';
import { driveProjects } from './schema.js';

const GB = 1024 ** 3;

describe("platform admins' drive setup and metrics", () => {
  let t: TestApp;
  let admin: BearerUser;
  let owner: BearerUser;
  let project: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    admin = await bearerUser(t, 'root@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Shop')).id;
    await installDrive(owner, project);
  });
  afterAll(() => t.close());

  const adminUrl = (suffix = '') => `/v1/drive/admin/projects/${project}${suffix}`;

  it('refuses every admin call to a project owner', async () => {
    for (const [method, url, body] of [
      ['GET', '/v1/drive/admin/projects', undefined],
      ['GET', adminUrl(), undefined],
      ['POST', adminUrl(), { quotaBytes: 10 * GB }],
      ['PATCH', adminUrl(), { quotaBytes: 10 * GB }],
      ['DELETE', adminUrl(), undefined],
      ['GET', '/v1/drive/admin/metrics?start=2026-11-01&end=2026-11-30', undefined],
      ['GET', adminUrl('/metrics?start=2026-11-01&end=2026-11-30'), undefined],
    ] as const) {
      expect((await owner.call(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("sets a project's quota, which its uploads then meet, and resets it to the default", async () => {
    expect((await admin.call('GET', adminUrl())).json()).toMatchObject({
      projectName: 'Shop',
      quotaBytes: GB,
      storageClass: 'standard',
      createdAt: null,
    });
    const setup = await admin.call('POST', adminUrl(), { quotaBytes: 100 });
    expect(setup.statusCode).toBe(201);
    expect(setup.json()).toMatchObject({ quotaBytes: 100, storageClass: 'standard' });
    const big = await owner.call('POST', `/v1/drive/files?project=${project}`, {
      name: 'big.txt',
      type: 'text/plain',
      size: 101,
    });
    expect(big.statusCode).toBe(413);
    const patched = await admin.call('PATCH', adminUrl(), { storageClass: 'infrequent' });
    expect(patched.json()).toMatchObject({ quotaBytes: 100, storageClass: 'infrequent' });
    expect((await admin.call('PATCH', adminUrl(), {})).statusCode).toBe(400);
    expect((await admin.call('DELETE', adminUrl())).statusCode).toBe(204);
    expect((await admin.call('GET', adminUrl())).json()).toMatchObject({ quotaBytes: GB, storageClass: 'standard' });
    const unknown = await admin.call('GET', '/v1/drive/admin/projects/00000000-0000-4000-8000-000000000000');
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it("counts what was stored, uploaded, served and rendered, day by day, and carries a quiet day's holdings", async () => {
    const day = t.clock.now().toISOString().slice(0, 10);
    const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#888888' } })
      .png()
      .toBuffer();
    const file = await uploadAs(t, owner, project, { name: 'a.png', type: 'image/png', bytes });
    await owner.call('GET', `/v1/drive/files/${file.id}?project=${project}`);
    await owner.call('GET', `/v1/drive/files/${file.id}?project=${project}`);
    const rendered = await owner.call('GET', `/v1/drive/files/${file.id}?project=${project}&width=16&type=webp`);
    // The same rendering again comes from the store: served, not rendered again.
    await owner.call('GET', `/v1/drive/files/${file.id}?project=${project}&width=16&type=webp`);
    t.clock.advance(2 * 86_400_000);
    await admin.refresh();
    const next = new Date(Date.parse(day) + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await admin.call('GET', adminUrl(`/metrics?start=${day}&end=${next}`));
    expect(res.statusCode).toBe(200);
    const { days } = res.json();
    expect(days).toHaveLength(3);
    expect(days[0]).toEqual({
      day,
      storedBytes: bytes.length,
      fileCount: 1,
      uploads: 1,
      uploadedBytes: bytes.length,
      bytesServed: 2 * bytes.length + 2 * rendered.rawPayload.length,
      transforms: 1,
    });
    // Nothing happened since: the drive still holds its file.
    expect(days[2]).toMatchObject({ storedBytes: bytes.length, fileCount: 1, uploads: 0, bytesServed: 0 });
    const all = (await admin.call('GET', `/v1/drive/admin/metrics?start=${day}&end=${day}`)).json();
    expect(all.days[0]).toMatchObject({ storedBytes: bytes.length, transforms: 1 });
    const listed = (await admin.call('GET', '/v1/drive/admin/projects')).json();
    expect(listed.items).toEqual([expect.objectContaining({ projectId: project, usedBytes: bytes.length })]);
    const backwards = await admin.call('GET', `/v1/drive/admin/metrics?start=${next}&end=${day}`);
    expect(backwards.statusCode).toBe(400);
  });

  it("drops the counts of a project deleted before they were added, and keeps the others'", async () => {
    await owner.refresh(); // the clock moved on past its token in the test before
    const gone = (await createProjectAs(owner, 'Gone')).id;
    await installDrive(owner, gone);
    const bytes = Buffer.from('served then gone');
    const file = await uploadAs(t, owner, gone, { name: 'x.txt', type: 'text/plain', bytes });
    const kept = await uploadAs(t, owner, project, { name: 'kept.txt', type: 'text/plain', bytes });
    await owner.call('GET', `/v1/drive/files/${file.id}?project=${gone}`);
    await owner.call('GET', `/v1/drive/files/${kept.id}?project=${project}`);
    expect((await owner.call('DELETE', `/v1/projects/${gone}`)).statusCode).toBe(204);
    const day = t.clock.now().toISOString().slice(0, 10);
    const res = await admin.call('GET', `/v1/drive/admin/metrics?start=${day}&end=${day}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().days[0]).toMatchObject({ bytesServed: bytes.length });
  });

  it('answers a change with the drive as it then is, and refuses an unknown project without writing', async () => {
    await owner.refresh();
    await admin.refresh();
    const other = (await createProjectAs(owner, 'Other')).id;
    await installDrive(owner, other);
    const bytes = Buffer.from('held by the drive');
    await uploadAs(t, owner, other, { name: 'held.txt', type: 'text/plain', bytes });
    const url = `/v1/drive/admin/projects/${other}`;

    const setup = await admin.call('POST', url, { quotaBytes: 5 * GB });
    expect(setup.statusCode).toBe(201);
    expect(setup.json()).toMatchObject({ projectName: 'Other', quotaBytes: 5 * GB, usedBytes: bytes.length });
    expect(setup.json()).toEqual((await admin.call('GET', url)).json());
    t.clock.advance(1000);
    const patched = await admin.call('PATCH', url, { storageClass: 'infrequent' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ quotaBytes: 5 * GB, storageClass: 'infrequent', fileCount: 1 });
    expect(patched.json().updatedAt).not.toBe(setup.json().updatedAt);
    expect(patched.json()).toEqual((await admin.call('GET', url)).json());

    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, body] of [
      ['POST', { quotaBytes: GB }],
      ['PATCH', { quotaBytes: GB }],
      ['DELETE', undefined],
    ] as const) {
      const res = await admin.call(method, `/v1/drive/admin/projects/${unknown}`, body);
      expect(res.statusCode, method).toBe(404);
      expect(res.json(), method).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    }
    expect(await t.database.db.select().from(driveProjects).where(eq(driveProjects.projectId, unknown))).toEqual([]);
    expect(await auditEntries(t.database.db, { target: `drive:${unknown}`, result: 'success' })).toEqual([]);
  });
});
