import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installDrive } from '../../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { addMembers } from '../../access/testing.js';
import { notificationsOfProject } from '../../notifications/testing.js';
import { allPlatforms } from '../../platform/testing.js';
import { storefrontCustomers, storefrontExports, storefrontOrders, storefrontShops } from '../schema.js';
import { parseCsv } from '../../../test/csv.js';

const ORDERS = 2_500;
const START = '2025-01-01T00:00:00.000Z';

describe('storefront exports over HTTP', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let bare: string;
  let platform: string;

  const base = () => `/v1/platform/${platform}`;
  const exportOrders = (who: BearerUser, query: string, p = project, onPlatform = platform) =>
    who.call('POST', `/v1/platform/${onPlatform}/orders/export?project=${p}&${query}`);
  const getExport = (who: BearerUser, id: string, p = project) =>
    who.call('GET', `${base()}/exports/${id}?project=${p}`);
  const runJobs = () => t.app.services.jobs.runDue();

  beforeAll(async () => {
    t = await createStartedTestApp();
    const db = t.database.db;
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    project = (await createProjectAs(owner, 'Harbour')).id;
    bare = (await createProjectAs(owner, 'No drive')).id;
    await installDrive(owner, project);
    await addMembers(db, project, [member.user.id]);
    platform = (await allPlatforms(db)).find((p) => p.isDefault)!.id;

    const at = new Date(START);
    await db.insert(storefrontShops).values({ projectId: project, currency: 'EUR' });
    const [customer] = await db
      .insert(storefrontCustomers)
      .values({
        projectId: project,
        email: 'buyer@example.com',
        name: 'Buyer',
        orderCount: ORDERS,
        lifetimeValue: 250_000,
        firstPurchasedAt: at,
        lastPurchasedAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await db.execute(sql`
      insert into ${storefrontOrders} (project_id, number, source, status, customer_id, customer_email, customer_name,
        currency, subtotal, shipping, tax, discount, total, item_count, placed_at, updated_at)
      select ${project}::uuid, 1000 + g, 'web', 'paid', ${customer!.id}::uuid, 'buyer@example.com', 'Buyer',
        'EUR', 1000, 0, 0, 0, 1000, 1, ${START}::timestamptz + g * interval '1 minute', ${START}::timestamptz
      from generate_series(0, ${ORDERS - 1}::int) as g`);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('starts an order export (202, queued, audited), runs it in the background and hands over a drive file', async () => {
    const res = await exportOrders(owner, `start=${START}`);
    expect(res.statusCode).toBe(202);
    const started = res.json();
    expect(started).toMatchObject({
      kind: 'orders',
      status: 'queued',
      rows: 0,
      total: null,
      fileId: null,
      fileName: `orders-${t.clock.now().toISOString().slice(0, 10)}.csv`,
      failure: null,
      finishedAt: null,
    });
    const [audit] = await auditEntries(t.database.db, { operationId: 'exportOrders' });
    expect(audit).toMatchObject({
      projectId: project,
      actorUserId: owner.user.id,
      target: `export:${started.id}`,
      details: { kind: 'orders', filters: { start: START } },
      result: 'success',
    });
    expect((await getExport(owner, started.id)).json().status).toBe('queued');

    await runJobs();
    const done = (await getExport(owner, started.id)).json();
    expect(done).toMatchObject({ status: 'done', rows: ORDERS, total: ORDERS, failure: null });
    expect(done.fileId).toEqual(expect.any(String));

    // The file is any drive file: listed, and downloaded as an upload is.
    const listed = (await owner.call('GET', `/v1/drive/metadata?project=${project}`)).json();
    expect(listed.items).toContainEqual(
      expect.objectContaining({ id: done.fileId, name: done.fileName, folder: 'Exports', type: 'text/csv' }),
    );
    const download = await owner.call('GET', `/v1/drive/files/${done.fileId}?project=${project}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = parseCsv(download.body);
    expect(records).toHaveLength(ORDERS + 1);
    expect(records[1]!.slice(0, 3)).toEqual(['1000', 'paid', START]);

    const notes = (await notificationsOfProject(t.database.db, project)).filter((n) => n.userId === owner.user.id);
    expect(notes.map((n) => n.title)).toContain('Your orders export is ready');
  });

  it('answers an export only to the person who started it, in that project and on its platform', async () => {
    const id = (await exportOrders(owner, `start=${START}`)).json().id;
    expect((await getExport(member, id)).json().code).toBe('EXPORT_NOT_FOUND');
    expect((await getExport(outsider, id)).statusCode).toBe(403);
    expect((await getExport(owner, id, bare)).json().code).toBe('EXPORT_NOT_FOUND');
    const elsewhere = await owner.call(
      'GET',
      `/v1/platform/00000000-0000-4000-8000-000000000000/exports/${id}?project=${project}`,
    );
    expect(elsewhere.json().code).toBe('PLATFORM_NOT_FOUND');
    // A member with orders.read starts and follows their own.
    const mine = await exportOrders(member, `start=${START}`);
    expect(mine.statusCode).toBe(202);
    expect((await getExport(member, mine.json().id)).statusCode).toBe(200);
    await runJobs();
  });

  it('refuses bad filters, another platform and a project without the Drive module before anything is queued', async () => {
    const before = (await t.database.db.select().from(storefrontExports)).length;
    expect((await exportOrders(owner, `start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z`)).json().code).toBe(
      'INVALID_DATE_RANGE',
    );
    expect(
      (await exportOrders(owner, `start=${START}`, project, '00000000-0000-4000-8000-000000000000')).json().code,
    ).toBe('PLATFORM_NOT_FOUND');
    const noDrive = await exportOrders(owner, `start=${START}`, bare);
    expect(noDrive.statusCode).toBe(403);
    expect(noDrive.json().code).toBe('MODULE_NOT_INSTALLED');
    expect((await exportOrders(outsider, `start=${START}`)).statusCode).toBe(403);
    expect((await t.database.db.select().from(storefrontExports)).length).toBe(before);
  });

  it('lets a project run three exports at once, and refuses a fourth until one ends', async () => {
    for (let i = 0; i < 3; i++) expect((await exportOrders(owner, `start=${START}`)).statusCode).toBe(202);
    const fourth = await exportOrders(owner, `start=${START}`);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      code: 'EXPORTS_BUSY',
      message: 'Three exports are already running for this project: wait for one to finish.',
    });
    await runJobs();
    expect((await exportOrders(owner, `start=${START}`)).statusCode).toBe(202);
    await runJobs();
  });

  it('exports the customers the list filters match', async () => {
    const res = await owner.call('POST', `${base()}/customers/export?project=${project}&lifetimeValue=gte:1000`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ kind: 'customers', status: 'queued' });
    await runJobs();
    const done = (await getExport(owner, res.json().id)).json();
    expect(done).toMatchObject({ status: 'done', rows: 1, total: 1 });
    const download = await owner.call('GET', `/v1/drive/files/${done.fileId}?project=${project}`);
    expect(parseCsv(download.body)[1]!.slice(0, 6)).toEqual([
      'buyer@example.com',
      'Buyer',
      '',
      '2500',
      '2500.00',
      'EUR',
    ]);
  });
});
