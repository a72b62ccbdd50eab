import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStart } from '../accounts/first-start.js';
import { insertUser } from '../accounts/testing.js';
import { createTestClock } from '../../core/clock.js';
import type { DatabaseHandle } from '../../core/db/database.js';
import { LocalObjectStore } from '../../core/storage/local-store.js';
import { createTestDatabase } from '../../test/database.js';
import { testBootstrap } from '../../test/app.js';
import { allPlatforms } from '../platform/testing.js';
import { insertOrganisation, insertProject } from '../projects/testing.js';
import { etagOf, findFileRow, listFiles } from './files.js';
import { saveGenerated, type GeneratedFilesDeps } from './generated-files.js';
import { driveProjects } from './schema.js';
import { parseDriveSearch } from './search.js';
import { driveSync } from './sync.js';
import { driveUsage } from './usage.js';

/** `count` lines of CSV in chunks, as an export's formatter hands them on, optionally failing half way. */
function csvLines(count: number, failAt?: number): Readable {
  return Readable.from(
    (function* () {
      yield 'n,text\r\n';
      for (let i = 0; i < count; i++) {
        if (i === failAt) throw new Error('the database went away');
        yield `${i},line ${i}\r\n`;
      }
    })(),
    { objectMode: false },
  );
}

const expectedCsv = (count: number) =>
  ['n,text\r\n', ...Array.from({ length: count }, (_, i) => `${i},line ${i}\r\n`)].join('');

async function readAll(stream: Readable): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

describe('saveGenerated: a file another module makes, kept in the drive', () => {
  let database: DatabaseHandle;
  let dir: string;
  let store: LocalObjectStore;
  let deps: GeneratedFilesDeps;
  let project: string;
  let userId: string;
  const installed = new Set<string>();
  const clock = createTestClock();

  /** Every file of the store's folder, so a test can say nothing was left behind. */
  const storedFiles = async () => {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((entry) => entry.isFile()).length;
  };
  const newProject = async (name: string) => {
    const platform = (await allPlatforms(database.db)).find((p) => p.isDefault)!;
    const org = await insertOrganisation(database.db, { platformId: platform.id, name: `${name} Org` });
    return (await insertProject(database.db, { platformId: platform.id, organisationId: org.id, name })).id;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await firstStart(database.db, clock, testBootstrap);
    dir = await mkdtemp(path.join(tmpdir(), 'wharf-generated-'));
    store = new LocalObjectStore(dir);
    project = await newProject('Shop');
    installed.add(project);
    userId = (await insertUser(database.db, { email: 'owner@example.com', firstName: 'Olive' })).id;
    deps = { db: database.db, clock, storage: store, hasDrive: async (id) => installed.has(id) };
  });
  afterAll(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('streams the bytes in and keeps a ready file the list, the feed and a download see as an upload', async () => {
    const before = await driveUsage(database.db, project);
    const { fileId, size } = await saveGenerated(
      deps,
      {
        projectId: project,
        name: 'orders-2026-11-27.csv',
        contentType: 'text/csv',
        createdBy: userId,
        folder: 'Exports',
      },
      csvLines(5000),
    );
    const content = expectedCsv(5000);
    expect(size).toBe(Buffer.byteLength(content));

    const { items } = await listFiles(database.db, project, {
      search: parseDriveSearch('folder:Exports'),
      sortBy: '-created',
      pageSize: 10,
    });
    expect(items).toEqual([
      expect.objectContaining({
        id: fileId,
        name: 'orders-2026-11-27.csv',
        folder: 'Exports',
        type: 'text/csv',
        size,
        status: 'ready',
        version: 1,
        public: false,
        uploadedBy: { id: userId, name: 'Olive' },
        etag: `"${createHash('sha256').update(content).digest('hex').slice(0, 32)}-1"`,
      }),
    ]);

    // What getFile serves: the row's object, under the row's ETag.
    const row = (await findFileRow(database.db, project, fileId))!;
    expect(etagOf(row)).toBe(items[0]!.etag);
    expect(await store.size(row.objectKey!)).toBe(size);
    expect(await readAll(await store.get(row.objectKey!))).toBe(content);

    // Counted in the usage, and in the change feed, as an upload is.
    const after = await driveUsage(database.db, project);
    expect(after.usedBytes - before.usedBytes).toBe(size);
    expect(after.fileCount - before.fileCount).toBe(1);
    const feed = await driveSync(database.db, project, before.lastSequence, 100);
    expect(feed.changes).toEqual([expect.objectContaining({ kind: 'created', fileId })]);
  });

  it('leaves nothing behind, record or bytes, when the body fails half way', async () => {
    const files = await storedFiles();
    const before = await driveUsage(database.db, project);
    await expect(
      saveGenerated(
        deps,
        { projectId: project, name: 'broken.csv', contentType: 'text/csv', createdBy: null, folder: 'Exports' },
        csvLines(5000, 2500),
      ),
    ).rejects.toThrow('the database went away');
    expect(await storedFiles()).toBe(files);
    expect(await driveUsage(database.db, project)).toEqual(before);
  });

  it('stops a file that would take the drive past its quota as it comes, keeping nothing', async () => {
    const files = await storedFiles();
    const { usedBytes, quotaBytes } = await driveUsage(database.db, project);
    const setQuota = (bytes: number) =>
      database.db.update(driveProjects).set({ quotaBytes: bytes }).where(eq(driveProjects.projectId, project));
    await setQuota(usedBytes + 1000);
    try {
      await expect(
        saveGenerated(
          deps,
          { projectId: project, name: 'big.csv', contentType: 'text/csv', createdBy: null, folder: '' },
          csvLines(5000),
        ),
      ).rejects.toMatchObject({ code: 'QUOTA_EXCEEDED' });
      expect(await storedFiles()).toBe(files);
      expect((await driveUsage(database.db, project)).usedBytes).toBe(usedBytes);
    } finally {
      await setQuota(quotaBytes);
    }
  });

  it('refuses a project without the Drive module, storing nothing', async () => {
    const bare = await newProject('Bare');
    const files = await storedFiles();
    await expect(
      saveGenerated(
        deps,
        { projectId: bare, name: 'orders.csv', contentType: 'text/csv', createdBy: null, folder: 'Exports' },
        csvLines(10),
      ),
    ).rejects.toMatchObject({ code: 'MODULE_NOT_INSTALLED' });
    expect(await storedFiles()).toBe(files);
  });
});
