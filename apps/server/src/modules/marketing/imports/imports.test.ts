import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { Hook } from '../../../core/hooks.js';
import { openObjectStore } from '../../../core/storage/open-object-store.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { addMembers } from '../../access/testing.js';
import { purchaseHistory } from '../../storefront/customers/purchase-history.js';
import { emailHash } from '../email-hash.js';
import {
  marketingImports,
  marketingListMembers,
  marketingLists,
  marketingSubscriberEvents,
  marketingSubscribers,
  marketingSuppressions,
} from '../schema.js';
import { runImport, type ImportJobDeps } from './import-job.js';

/** A multipart/form-data body as a browser's FormData sends it, with its boundary. */
async function formBody(content: string | Uint8Array<ArrayBuffer>, filename = 'people.csv', field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([content], { type: 'text/csv' }), filename);
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

describe('subscriber imports over HTTP', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let other: string;
  let bare: string;
  let list: string;
  let otherList: string;

  const base = '/v1/mail/subscribers';
  const upload = async (who: BearerUser, content: string | Uint8Array<ArrayBuffer>, p = project, field = 'file') => {
    const { payload, contentType } = await formBody(content, 'people.csv', field);
    return t.app.inject({
      method: 'POST',
      url: `${base}/import?project=${p}`,
      headers: { authorization: who.authorization(), 'content-type': contentType },
      payload,
    });
  };
  const uploaded = async (content: string, p = project) => {
    const res = await upload(owner, content, p);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; columns: string[]; mapping: Record<string, unknown> };
  };
  const start = (who: BearerUser, id: string, body: unknown, p = project) =>
    who.call('POST', `${base}/imports/${id}/start?project=${p}`, body);
  const report = async (id: string, p = project) => {
    const res = await owner.call('GET', `${base}/imports/${id}?project=${p}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const runJobs = () => t.app.services.jobs.runDue();
  const subscriber = async (email: string, p = project) =>
    (
      await t.database.db
        .select()
        .from(marketingSubscribers)
        .where(and(eq(marketingSubscribers.projectId, p), eq(marketingSubscribers.email, email)))
    )[0];
  const mapping = (overrides: Record<string, unknown> = {}) => ({ email: 0, name: 1, gender: 2, ...overrides });

  beforeAll(async () => {
    t = await createStartedTestApp();
    const db = t.database.db;
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    project = (await createProjectAs(owner, 'Harbour')).id;
    other = (await createProjectAs(owner, 'Other')).id;
    bare = (await createProjectAs(owner, 'No marketing')).id;
    await installMarketing(owner, project);
    await installMarketing(owner, other);
    await addMembers(db, project, [member.user.id]);
    const now = t.clock.now();
    // Lists straight into the table: this area does not depend on the lists' own calls.
    [list, otherList] = (
      await db
        .insert(marketingLists)
        .values([
          { projectId: project, name: 'Newsletter', optIn: 'single', createdAt: now, updatedAt: now },
          { projectId: other, name: 'Theirs', optIn: 'single', createdAt: now, updatedAt: now },
        ])
        .returning({ id: marketingLists.id })
    ).map((row) => row.id) as [string, string];
    await db
      .insert(marketingSuppressions)
      .values({ projectId: project, emailHash: emailHash('gone@example.com'), reason: 'deleted', createdAt: now });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('keeps an uploaded file, reads its header and first rows, and suggests a mapping (201, audited)', async () => {
    const csv = '\uFEFFVorname;E-Mail;Geschlecht;Plan\nAda;ada@example.com;f;pro\nBo;bo@example.com;m;free\n';
    const res = await upload(owner, csv);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      status: 'mapping',
      fileName: 'people.csv',
      size: Buffer.byteLength(csv),
      columns: ['Vorname', 'E-Mail', 'Geschlecht', 'Plan'],
      sample: [
        ['Ada', 'ada@example.com', 'f', 'pro'],
        ['Bo', 'bo@example.com', 'm', 'free'],
      ],
      mapping: { email: 1, gender: 2, name: null, attributes: [], updateExisting: false },
      rows: 0,
    });
    const entries = await auditEntries(t.database.db, { projectId: project });
    expect(entries.some((e) => e.target === `mail-import:${created.id}`)).toBe(true);

    const listed = await owner.call('GET', `${base}/imports?project=${project}`);
    expect(listed.json().items[0]).toMatchObject({ id: created.id, status: 'mapping' });
    // A member reads imports but may not make one.
    expect((await member.call('GET', `${base}/imports/${created.id}?project=${project}`)).statusCode).toBe(200);
    expect((await upload(member, csv)).statusCode).toBe(403);
  });

  it('refuses an empty file, a binary one, a file without a header, and a body that is not a form', async () => {
    const empty = await upload(owner, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toMatch(/empty/);
    const binary = await upload(owner, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 8, 0]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toMatch(/not a CSV/);
    const headless = await upload(owner, 'ada@example.com,Ada\nbo@example.com,Bo\n');
    expect(headless.statusCode).toBe(400);
    expect(headless.json().message).toMatch(/header row/);
    const wrongField = await upload(owner, 'email\na@example.com\n', project, 'document');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/field file/);
    const json = await owner.call('POST', `${base}/import?project=${project}`, { file: 'email\n' });
    expect(json.statusCode).toBe(415);
    const imports = await t.database.db.select().from(marketingImports).where(eq(marketingImports.status, 'failed'));
    expect(imports).toEqual([]);
  });

  it('imports in the background and reports duplicates, bad addresses, bad rows and suppressed ones by line', async () => {
    const now = t.clock.now();
    // A customer of the shop who bought before subscribing (the storefront's table, as its orders leave it).
    const at = now.toISOString();
    await t.database.db.execute(sql`
      insert into storefront_customers (project_id, email, name, order_count, lifetime_value, first_purchased_at,
        last_purchased_at, created_at, updated_at)
      values (${project}::uuid, 'buyer@example.com', 'Buyer', 3, 9000, ${at}::timestamptz, ${at}::timestamptz,
        ${at}::timestamptz, ${at}::timestamptz)`);
    const csv = [
      'email,name,gender',
      'Ann@Example.com,Ann,female', // 2
      'not-an-address,Bad,', // 3
      'bob@example.com,Bob,male', // 4
      'ann@example.com,Ann again,', // 5: a duplicate of line 2
      'short-row', // 6: one column of three
      'gone@example.com,Gone,', // 7: deleted before
      'buyer@example.com,Buyer,', // 8
    ].join('\n');
    const { id } = await uploaded(csv);
    const started = await start(owner, id, { mapping: mapping(), lists: [list] });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'queued', lists: [list] });
    await runJobs();

    const done = await report(id);
    expect(done).toMatchObject({
      status: 'done',
      rows: 7,
      created: 3,
      updated: 0,
      unchanged: 0,
      duplicates: 1,
      invalid: 2,
      suppressed: 1,
      bytesRead: Buffer.byteLength(csv),
    });
    expect(done.problems).toEqual([
      { line: 3, kind: 'invalid_email', value: 'not-an-address', message: 'Enter a valid email address.' },
      {
        line: 5,
        kind: 'duplicate',
        value: 'ann@example.com',
        message: 'This address is on line 2 too: the first one was imported.',
      },
      { line: 6, kind: 'bad_row', value: 'short-row', message: 'This line has 1 columns where the header has 3.' },
      { line: 7, kind: 'suppressed', value: 'gone@example.com', message: expect.stringMatching(/deleted/) },
    ]);

    const ann = (await subscriber('ann@example.com'))!;
    expect(ann).toMatchObject({ name: 'Ann', gender: 'female', status: 'subscribed', consentSource: 'import' });
    expect(ann.consentAt).toEqual(now);
    expect(await subscriber('gone@example.com')).toBeUndefined();
    expect(await subscriber('buyer@example.com')).toMatchObject({ purchaseCount: 3, lastPurchasedAt: now });
    const members = await t.database.db
      .select()
      .from(marketingListMembers)
      .where(eq(marketingListMembers.listId, list));
    expect(members).toHaveLength(3);
    const events = await t.database.db
      .select()
      .from(marketingSubscriberEvents)
      .where(eq(marketingSubscriberEvents.subscriberId, ann.id));
    expect(events.map((e) => [e.kind, e.detail])).toEqual([['imported', 'From people.csv']]);
    // Done: the file is not kept.
    const [row] = await t.database.db.select().from(marketingImports).where(eq(marketingImports.id, id));
    expect(row!.finishedAt).toEqual(now);
    expect(await openObjectStore(t.config).size(row!.objectKey)).toBeUndefined();
  });

  it('leaves existing subscribers as they were unless asked to update them, and never resubscribes anyone', async () => {
    const now = t.clock.now();
    await t.database.db.insert(marketingSubscribers).values({
      projectId: project,
      email: 'old@example.com',
      name: 'Old name',
      status: 'unsubscribed',
      createdAt: now,
      updatedAt: now,
    });
    const csv = 'email,name,gender,plan\nold@example.com,New name,male,gold\n';
    const first = await uploaded(csv);
    await start(owner, first.id, { mapping: mapping({ attributes: [{ column: 3, key: 'plan' }] }), lists: [] });
    await runJobs();
    expect(await report(first.id)).toMatchObject({ status: 'done', created: 0, updated: 0, unchanged: 1 });
    expect(await subscriber('old@example.com')).toMatchObject({ name: 'Old name', gender: null, attributes: {} });

    const second = await uploaded(csv);
    const mapped = mapping({ attributes: [{ column: 3, key: 'plan' }], updateExisting: true });
    await start(owner, second.id, { mapping: mapped, lists: [] });
    await runJobs();
    expect(await report(second.id)).toMatchObject({ status: 'done', created: 0, updated: 1, unchanged: 0 });
    expect(await subscriber('old@example.com')).toMatchObject({
      name: 'New name',
      gender: 'male',
      attributes: { plan: 'gold' },
      status: 'unsubscribed',
    });
  });

  it('skips a list deleted between the mapping and the job, and marks members subscribed as their status is', async () => {
    const db = t.database.db;
    const now = t.clock.now();
    const [kept, gone] = (
      await db
        .insert(marketingLists)
        .values([
          { projectId: project, name: 'Kept', optIn: 'single', createdAt: now, updatedAt: now },
          { projectId: project, name: 'Gone soon', optIn: 'single', createdAt: now, updatedAt: now },
        ])
        .returning({ id: marketingLists.id })
    ).map((row) => row.id) as [string, string];
    await db.insert(marketingSubscribers).values({
      projectId: project,
      email: 'left@example.com',
      status: 'unsubscribed',
      createdAt: now,
      updatedAt: now,
    });
    const made = await uploaded('email,name,gender\nnew.member@example.com,New,\nleft@example.com,Left,\n');
    const started = await start(owner, made.id, { mapping: mapping(), lists: [kept, gone] });
    expect(started.statusCode, started.body).toBe(200);
    await db.delete(marketingLists).where(eq(marketingLists.id, gone));
    await runJobs();
    expect(await report(made.id)).toMatchObject({ status: 'done', created: 1, unchanged: 1 });

    const fresh = (await subscriber('new.member@example.com'))!;
    const left = (await subscriber('left@example.com'))!;
    const rows = await db
      .select({
        list: marketingListMembers.listId,
        who: marketingListMembers.subscriberId,
        on: marketingListMembers.subscribed,
      })
      .from(marketingListMembers)
      .where(inArray(marketingListMembers.subscriberId, [fresh.id, left.id]));
    expect(rows).toEqual(
      expect.arrayContaining([
        { list: kept, who: fresh.id, on: true },
        { list: kept, who: left.id, on: false },
      ]),
    );
    expect(rows).toHaveLength(2);
  });

  it("answers 404 for another project's import or list, 400 for a missing column, 409 when started twice", async () => {
    const mine = await uploaded('email,name,gender\nx@example.com,X,\n');
    const theirs = await uploaded('email,name,gender\ny@example.com,Y,\n', other);
    expect((await owner.call('GET', `${base}/imports/${theirs.id}?project=${project}`)).statusCode).toBe(404);
    expect((await start(owner, theirs.id, { mapping: mapping() })).statusCode).toBe(404);
    expect((await owner.call('POST', `${base}/imports/${theirs.id}/cancel?project=${project}`)).statusCode).toBe(404);
    expect((await start(owner, mine.id, { mapping: mapping(), lists: [otherList] })).statusCode).toBe(404);
    const forged = await start(owner, mine.id, { mapping: mapping(), lists: ['00000000-0000-4000-8000-000000000000'] });
    expect(forged.statusCode).toBe(404);
    const missing = await start(owner, mine.id, { mapping: mapping({ gender: 7 }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('The file has 3 columns: there is no column 8.');
    expect((await start(member, mine.id, { mapping: mapping() })).statusCode).toBe(403);
    expect((await outsider.call('GET', `${base}/imports?project=${project}`)).statusCode).toBe(403);
    const notInstalled = await owner.call('GET', `${base}/imports?project=${bare}`);
    expect(notInstalled.json().code).toBe('MODULE_NOT_INSTALLED');

    expect((await start(owner, mine.id, { mapping: mapping() })).statusCode).toBe(200);
    const again = await start(owner, mine.id, { mapping: mapping() });
    expect(again.statusCode).toBe(409);
    await runJobs();
  });

  it('cancels an import waiting for its mapping or its job; the job then imports nothing', async () => {
    const waiting = await uploaded('email\nwaiting@example.com\n');
    const cancelled = await owner.call('POST', `${base}/imports/${waiting.id}/cancel?project=${project}`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    expect((await owner.call('POST', `${base}/imports/${waiting.id}/cancel?project=${project}`)).statusCode).toBe(409);

    const queued = await uploaded('email\nqueued@example.com\n');
    await start(owner, queued.id, { mapping: { email: 0 } });
    await owner.call('POST', `${base}/imports/${queued.id}/cancel?project=${project}`);
    await runJobs();
    expect(await report(queued.id)).toMatchObject({ status: 'cancelled', rows: 0 });
    expect(await subscriber('queued@example.com')).toBeUndefined();
  });

  it('resumes after a crash without counting or writing anything twice, and tells duplicates across batches', async () => {
    const lines = ['email,name'];
    for (let i = 1; i <= 9; i++) lines.push(`r${i}@example.com,R${i}`);
    lines.push('r1@example.com,Again'); // line 11: a duplicate of line 2, in a later batch
    const { id } = await uploaded(lines.join('\n'));
    await start(owner, id, { mapping: { email: 0, name: 1 }, lists: [list] });
    const deps: ImportJobDeps = {
      db: t.database.db,
      clock: t.clock,
      // The app's own store: the same folder (or bucket) its configuration names.
      storage: openObjectStore(t.config),
      purchaseHistory,
      // The job alone, without the app's flows: nobody takes part in its batches.
      joinedLists: new Hook(),
      batchSize: 3,
    };
    // The first run stops after two batches, as a worker stopping with its server does.
    const stop = new AbortController();
    const first = runImport(
      { ...deps, onBatch: (rows) => rows >= 6 && stop.abort(new Error('stopping')) },
      id,
      stop.signal,
    );
    await expect(first).rejects.toThrow('stopping');
    expect(await report(id)).toMatchObject({ status: 'running', rows: 6, created: 6 });

    await runImport(deps, id);
    const done = await report(id);
    expect(done).toMatchObject({ status: 'done', rows: 10, created: 9, duplicates: 1 });
    expect(done.problems).toEqual([expect.objectContaining({ line: 11, kind: 'duplicate', value: 'r1@example.com' })]);
    const r1 = (await subscriber('r1@example.com'))!;
    expect(r1.name).toBe('R1');
    const events = await t.database.db
      .select()
      .from(marketingSubscriberEvents)
      .where(eq(marketingSubscriberEvents.subscriberId, r1.id));
    expect(events).toHaveLength(1);
  });
});
