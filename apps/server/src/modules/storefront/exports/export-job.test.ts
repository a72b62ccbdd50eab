import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../../core/clock.js';
import type { DatabaseHandle } from '../../../core/db/database.js';
import { JobQueue } from '../../../core/jobs/queue.js';
import { LocalObjectStore } from '../../../core/storage/local-store.js';
import { testBootstrap } from '../../../test/app.js';
import { createTestDatabase } from '../../../test/database.js';
import { firstStart } from '../../accounts/first-start.js';
import { insertUser } from '../../accounts/testing.js';
import { quotaExceeded } from '../../drive/errors.js';
import { findFileRow } from '../../drive/files.js';
import { saveGenerated, type GeneratedFile } from '../../drive/generated-files.js';
import { NotificationService } from '../../notifications/service.js';
import { notificationsOfProject } from '../../notifications/testing.js';
import { allPlatforms } from '../../platform/testing.js';
import { insertOrganisation, insertProject } from '../../projects/testing.js';
import {
  storefrontCustomers,
  storefrontExports,
  storefrontOrders,
  storefrontReviews,
  storefrontShops,
} from '../schema.js';
import { parseCsv } from '../../../test/csv.js';
import { REVIEW_CSV_HEADER } from '../../../test/storefront.js';
import { EXPORT_QUEUE, exportFileName, registerExportJob, type ExportJobDeps } from './export-job.js';

const ORDERS = 3_456;
const BATCH = 1_000;
const START = new Date('2026-01-01T00:00:00Z');

describe('the storefront export job', () => {
  let database: DatabaseHandle;
  let dir: string;
  let store: LocalObjectStore;
  let jobs: JobQueue;
  let project: string;
  let otherProject: string;
  let userId: string;
  const clock = createTestClock(new Date('2026-11-27T10:00:00Z'));
  /** What the job's drive is handed, so a test can watch the CSV go by (or refuse it). */
  let watch: ((body: Readable) => Readable) | undefined;
  let refuse: Error | undefined;

  const db = () => database.db;
  const save = (file: GeneratedFile, body: Readable) => {
    if (refuse) {
      body.destroy();
      return Promise.reject(refuse);
    }
    return saveGenerated(
      { db: db(), clock, storage: store, hasDrive: async () => true },
      file,
      watch ? watch(body) : body,
    );
  };

  async function newProject(name: string): Promise<string> {
    const platform = (await allPlatforms(db())).find((p) => p.isDefault)!;
    const org = await insertOrganisation(db(), { platformId: platform.id, name: `${name} Org` });
    return (await insertProject(db(), { platformId: platform.id, organisationId: org.id, name })).id;
  }

  async function insertCustomer(
    projectId: string,
    values: Partial<typeof storefrontCustomers.$inferInsert> & { email: string },
  ) {
    const [row] = await db()
      .insert(storefrontCustomers)
      .values({
        projectId,
        name: 'Customer',
        firstPurchasedAt: START,
        lastPurchasedAt: START,
        createdAt: START,
        updatedAt: START,
        ...values,
      })
      .returning();
    return row!;
  }

  /** `count` orders of one customer, a minute apart from `from`, numbered from `firstNumber`: one statement. */
  async function bulkOrders(projectId: string, customerId: string, count: number, from: Date, firstNumber: number) {
    await db().execute(sql`
      insert into ${storefrontOrders} (project_id, number, source, status, customer_id, customer_email, customer_name,
        currency, subtotal, shipping, tax, discount, total, item_count, placed_at, updated_at)
      select ${projectId}::uuid, ${firstNumber}::int + g, 'web', 'paid', ${customerId}::uuid, 'bulk@example.com',
        'Bulk Buyer', 'EUR', 1000 + g, 250, 200, 0, 1450 + g, 1 + g % 3,
        ${from.toISOString()}::timestamptz + g * interval '1 minute', ${from.toISOString()}::timestamptz
      from generate_series(0, ${count - 1}::int) as g`);
  }

  async function insertExport(
    kind: 'orders' | 'customers' | 'reviews',
    filters: Record<string, unknown>,
    projectId = project,
  ) {
    const [row] = await db()
      .insert(storefrontExports)
      .values({
        projectId,
        kind,
        filters,
        status: 'queued',
        fileName: exportFileName(kind, clock.now()),
        requestedBy: userId,
        createdAt: clock.now(),
      })
      .returning();
    await jobs.enqueue(db(), EXPORT_QUEUE, { exportId: row!.id });
    return row!.id;
  }

  const exportRow = async (id: string) =>
    (await db().select().from(storefrontExports).where(eq(storefrontExports.id, id)))[0]!;

  async function fileText(
    fileId: string,
    projectId = project,
  ): Promise<{ name: string; folder: string; text: string }> {
    const file = (await findFileRow(db(), projectId, fileId))!;
    const parts: Buffer[] = [];
    for await (const part of await store.get(file.objectKey!)) parts.push(part as Buffer);
    return { name: file.name, folder: file.folder, text: Buffer.concat(parts).toString('utf8') };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    await firstStart(db(), clock, testBootstrap);
    dir = await mkdtemp(path.join(tmpdir(), 'wharf-export-'));
    store = new LocalObjectStore(dir);
    project = await newProject('Shop');
    otherProject = await newProject('Other shop');
    userId = (await insertUser(db(), { email: 'owner@example.com' })).id;
    jobs = new JobQueue(db(), clock, { pollMs: 0 });
    const deps: ExportJobDeps = {
      db: db(),
      clock,
      saveGenerated: save,
      notifications: new NotificationService({ clock, jobs }),
      batchSize: BATCH,
    };
    registerExportJob(jobs, deps);

    await db()
      .insert(storefrontShops)
      .values([
        { projectId: project, currency: 'EUR' },
        { projectId: otherProject, currency: 'EUR' },
      ]);
    const bulk = await insertCustomer(project, { email: 'bulk@example.com', name: 'Bulk Buyer' });
    // In range, a minute apart from the start; and some before it, which the export leaves out.
    await bulkOrders(project, bulk.id, ORDERS, START, 10_000);
    await bulkOrders(project, bulk.id, 50, new Date('2025-06-01T00:00:00Z'), 1_000);
    const other = await insertCustomer(otherProject, { email: 'bulk@example.com' });
    await bulkOrders(otherProject, other.id, 20, START, 10_000);
    // Names a spreadsheet must not run, and text that needs quoting, placed last.
    const tricky = await insertCustomer(project, { email: '=cmd@example.com', name: '=HYPERLINK("x")' });
    await db()
      .insert(storefrontOrders)
      .values(
        [
          { name: '=HYPERLINK("http://evil.example","click")', email: '=cmd@example.com' },
          { name: 'Lovelace, "Ada"\nCountess', email: 'ada@example.com' },
          { name: '@Zoë ✓', email: '+zoe@example.com' },
        ].map((who, i) => ({
          projectId: project,
          number: 90_000 + i,
          source: '-api',
          status: 'new' as const,
          customerId: tricky.id,
          customerEmail: who.email,
          customerName: who.name,
          currency: i === 2 ? 'JPY' : 'EUR',
          subtotal: 1250,
          shipping: 5,
          tax: 0,
          discount: 100,
          total: 1155,
          itemCount: 2,
          placedAt: new Date('2026-11-01T12:00:00Z'),
          updatedAt: new Date('2026-11-01T12:00:00Z'),
        })),
      );
  });
  afterAll(async () => {
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('streams the matching orders into a drive file in keyset batches, with progress, and notifies the requester', async () => {
    const total = ORDERS + 3;
    const seen: number[] = [];
    let lateOrderPlaced = false;
    const bulkCustomer = (
      await db().select().from(storefrontCustomers).where(eq(storefrontCustomers.projectId, project))
    )[0]!;
    // Watches the progress as the CSV goes by, and places an order half way: it is not part of this file.
    watch = (body) =>
      body.pipe(
        new Transform({
          async transform(chunk: Buffer, _encoding, done) {
            const row = await exportRow(id);
            seen.push(row.rows);
            if (!lateOrderPlaced && row.rows >= 2 * BATCH) {
              lateOrderPlaced = true;
              await bulkOrders(project, bulkCustomer.id, 1, clock.now(), 50_000);
            }
            done(null, chunk);
          },
        }),
      );
    const id = await insertExport('orders', { start: START.toISOString() });
    expect(await jobs.runDue()).toBe(1);
    watch = undefined;

    const done = await exportRow(id);
    expect(done).toMatchObject({
      status: 'done',
      rows: total,
      total,
      failure: null,
      fileName: 'orders-2026-11-27.csv',
    });
    expect(done.finishedAt).toEqual(clock.now());
    expect(lateOrderPlaced).toBe(true);

    // Progress came in steps of a batch, never backwards, before the end.
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((rows) => rows > 0 && rows < total).length).toBeGreaterThanOrEqual(2);
    expect(new Set(seen.filter((rows) => rows > 0 && rows < total).map((rows) => rows % BATCH))).toEqual(new Set([0]));

    const file = await fileText(done.fileId!);
    expect(file).toMatchObject({ name: 'orders-2026-11-27.csv', folder: 'Exports' });
    const [header, ...records] = parseCsv(file.text);
    expect(header).toEqual([
      'number',
      'status',
      'placedAt',
      'paidAt',
      'fulfilledAt',
      'customerName',
      'customerEmail',
      'currency',
      'subtotal',
      'shipping',
      'tax',
      'discount',
      'total',
      'itemCount',
      'source',
    ]);
    expect(records).toHaveLength(total);
    // Oldest first, every order once, none from before the start, none of the other project's.
    const numbers = records.map((r) => Number(r[0]));
    expect(new Set(numbers).size).toBe(total);
    expect(numbers.slice(0, ORDERS)).toEqual(Array.from({ length: ORDERS }, (_, i) => 10_000 + i));
    expect(numbers).not.toContain(1_000);
    expect(numbers).not.toContain(50_000);
    const placed = records.map((r) => r[2]!);
    expect(placed).toEqual([...placed].sort());
    expect(records[0]).toEqual([
      '10000',
      'paid',
      '2026-01-01T00:00:00.000Z',
      '',
      '',
      'Bulk Buyer',
      'bulk@example.com',
      'EUR',
      '10.00',
      '2.50',
      '2.00',
      '0.00',
      '14.50',
      '1',
      'web',
    ]);
    // Formulas defused, quotes and line breaks kept, yen without decimals.
    // Placed at one moment: in the order of their ids, so sorted here by number.
    const tricky = records.slice(-3).sort((a, b) => Number(a[0]) - Number(b[0]));
    expect(tricky.map((r) => r[5])).toEqual([
      `'=HYPERLINK("http://evil.example","click")`,
      'Lovelace, "Ada"\nCountess',
      "'@Zoë ✓",
    ]);
    expect(tricky.map((r) => r[6])).toEqual(["'=cmd@example.com", 'ada@example.com', "'+zoe@example.com"]);
    expect(tricky.map((r) => r[14])).toEqual(["'-api", "'-api", "'-api"]);
    expect(tricky[2]!.slice(7, 13)).toEqual(['JPY', '1250', '5', '0', '100', '1155']);

    const notes = (await notificationsOfProject(db(), project)).filter((n) => n.userId === userId);
    expect(notes).toEqual([
      expect.objectContaining({
        title: 'Your orders export is ready',
        body: `orders-2026-11-27.csv: ${total.toLocaleString('en')} rows, in the drive's Exports folder.`,
        action: { route: { name: 'integrations.drive.settings', params: {}, query: { project } } },
      }),
    ]);
    // The job is done: running it again writes nothing more.
    await jobs.enqueue(db(), EXPORT_QUEUE, { exportId: id });
    await jobs.runDue();
    expect(await exportRow(id)).toEqual(done);
  });

  it('exports the customers the filters match, by email, their value in the shop currency', async () => {
    await insertCustomer(project, {
      email: 'a.big@example.com',
      name: 'Big Spender',
      phone: '+44 20 7946 0000',
      orderCount: 12,
      lifetimeValue: 123_456,
      lastShippingAddress: {
        name: 'Big Spender',
        line1: '1 Quay',
        city: 'Bristol',
        postalCode: 'BS1 1AA',
        country: 'GB',
      },
    });
    await insertCustomer(project, { email: 'small@example.com', orderCount: 1, lifetimeValue: 500 });
    const id = await insertExport('customers', { lifetimeValue: { min: 1000 } });
    await jobs.runDue();
    const done = await exportRow(id);
    expect(done).toMatchObject({ status: 'done', rows: 1, total: 1, fileName: 'customers-2026-11-27.csv' });
    const [header, ...records] = parseCsv((await fileText(done.fileId!)).text);
    expect(header).toEqual([
      'email',
      'name',
      'phone',
      'totalOrderCount',
      'lifetimeValue',
      'currency',
      'firstPurchasedAt',
      'lastPurchasedAt',
      'city',
      'country',
    ]);
    expect(records).toEqual([
      [
        'a.big@example.com',
        'Big Spender',
        "'+44 20 7946 0000",
        '12',
        '1234.56',
        'EUR',
        '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z',
        'Bristol',
        'GB',
      ],
    ]);

    // Every customer of the project, by email, across batches.
    const all = await insertExport('customers', {});
    await jobs.runDue();
    const everyone = parseCsv((await fileText((await exportRow(all)).fileId!)).text).slice(1);
    const emails = everyone.map((r) => r[0]);
    expect(emails).toEqual(["'=cmd@example.com", 'a.big@example.com', 'bulk@example.com', 'small@example.com']);
  });

  it('exports the reviews of a status sent in within the range, oldest first across batches', async () => {
    // Bulk-loaded with microseconds (now()-like times): a batch's edge must neither repeat nor skip one.
    await db().execute(sql`
      insert into ${storefrontReviews} (project_id, kind, product_sku, product_name, author_name, author_email,
        rating, title, body, status, submitted_at, updated_at)
      select ${project}::uuid, 'product', 'MUG-1', 'Harbour mug', 'Reviewer ' || g, 'r' || g || '@example.com',
        1 + g % 5, null, 'Review ' || g, case when g % 10 = 0 then 'rejected' else 'approved' end,
        ${START.toISOString()}::timestamptz + g * interval '1 minute' + interval '123 microseconds',
        ${START.toISOString()}::timestamptz
      from generate_series(0, 2499) as g`);
    await db()
      .insert(storefrontReviews)
      .values([
        {
          projectId: project,
          kind: 'store',
          authorName: '=HYPERLINK("x")',
          authorEmail: 'evil@example.com',
          rating: 1,
          title: 'Slow, "very" slow',
          body: 'Line one\nline two',
          photoFileIds: ['f11e0000-0000-4000-8000-000000000001', 'f11e0000-0000-4000-8000-000000000002'],
          status: 'approved',
          submittedAt: new Date('2026-11-02T00:00:00Z'),
          updatedAt: new Date('2026-11-02T00:00:00Z'),
        },
        // Before the range, and of another project: left out.
        {
          projectId: project,
          kind: 'store',
          authorName: 'Early',
          authorEmail: 'early@example.com',
          rating: 5,
          body: 'Early',
          status: 'approved',
          submittedAt: new Date('2025-01-01T00:00:00Z'),
          updatedAt: new Date('2025-01-01T00:00:00Z'),
        },
        {
          projectId: otherProject,
          kind: 'store',
          authorName: 'Other',
          authorEmail: 'other@example.com',
          rating: 5,
          body: 'Other',
          status: 'approved',
          submittedAt: new Date('2026-06-01T00:00:00Z'),
          updatedAt: new Date('2026-06-01T00:00:00Z'),
        },
      ]);
    const id = await insertExport('reviews', { start: START.toISOString(), status: 'approved' });
    await jobs.runDue();
    const done = await exportRow(id);
    expect(done).toMatchObject({ status: 'done', rows: 2251, total: 2251, fileName: 'reviews-2026-11-27.csv' });
    const [header, ...records] = parseCsv((await fileText(done.fileId!)).text);
    expect(header).toEqual(REVIEW_CSV_HEADER);
    expect(new Set(records.map((r) => r[6])).size).toBe(2251);
    expect(records.every((r) => r[1] === 'approved')).toBe(true);
    expect(records[0]!.slice(0, 7)).toEqual([
      '2026-01-01T00:01:00.000Z',
      'approved',
      '2',
      'product',
      'MUG-1',
      'Harbour mug',
      'Reviewer 1',
    ]);
    expect(records.at(-1)).toEqual([
      '2026-11-02T00:00:00.000Z',
      'approved',
      '1',
      'store',
      '',
      '',
      `'=HYPERLINK("x")`,
      'evil@example.com',
      'Slow, "very" slow',
      'Line one\nline two',
      '2',
      '',
      '',
    ]);
  });

  it('writes just the header when nothing matches', async () => {
    const id = await insertExport('orders', { start: '2030-01-01T00:00:00Z' });
    await jobs.runDue();
    const done = await exportRow(id);
    expect(done).toMatchObject({ status: 'done', rows: 0, total: 0 });
    expect(parseCsv((await fileText(done.fileId!)).text)).toHaveLength(1);
  });

  it("ends failed with the drive's reason, and tells the requester", async () => {
    refuse = quotaExceeded(20_000_000, 1_000);
    try {
      const id = await insertExport('orders', { start: START.toISOString() }, otherProject);
      expect(await jobs.runDue()).toBe(1);
      const failed = await exportRow(id);
      expect(failed).toMatchObject({
        status: 'failed',
        fileId: null,
        failure: 'This file needs 20 MB but the project has 1000 bytes left in its drive.',
      });
      expect(failed.finishedAt).toEqual(clock.now());
      const notes = (await notificationsOfProject(db(), otherProject)).filter((n) => n.userId === userId);
      expect(notes).toEqual([
        expect.objectContaining({
          title: 'Your orders export failed',
          body: failed.failure,
          action: { route: { name: 'integrations.orders.settings', params: {}, query: { project: otherProject } } },
        }),
      ]);
    } finally {
      refuse = undefined;
    }
  });

  it('says nothing of an unexpected error but that it stopped', async () => {
    refuse = new Error('connection reset by peer at 10.0.0.7');
    try {
      const id = await insertExport('orders', { start: START.toISOString() }, otherProject);
      await jobs.runDue();
      expect((await exportRow(id)).failure).toBe(
        'The export stopped on an unexpected error. Start it again; if it stops again, tell support.',
      );
    } finally {
      refuse = undefined;
    }
  });
});
