import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { parseCsv } from '../../../test/csv.js';
import { installDrive, uploadAs } from '../../../test/drive.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { anOrder, projectKey, REVIEW_CSV_HEADER, storefrontBase } from '../../../test/storefront.js';
import { addMembers } from '../../access/testing.js';
import { outboxTo } from '../../mail/testing.js';
import { storefrontReviewRequests, storefrontReviews } from '../schema.js';
import { publicAuthor } from './review-list.js';
import { REVIEW_REQUEST_QUEUE } from './review-requests.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type Key = Awaited<ReturnType<typeof projectKey>>;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const DAY = 24 * 60 * 60_000;
const NOWHERE = '00000000-0000-4000-8000-000000000000';

const aReview = (overrides: Json = {}): Json => ({
  kind: 'product',
  product: { sku: 'MUG-1', name: 'Harbour mug' },
  author: { name: 'Ada Lovelace', email: 'Ada@Example.com' },
  rating: 5,
  title: 'Lovely mug',
  body: 'Keeps the tea hot.',
  ...overrides,
});

describe('storefront reviews', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let finance: BearerUser;
  let outsider: BearerUser;
  let project: string;
  let other: string;
  let base: string;
  let shop: Key;
  let orderKey: Key;
  let photo: string;
  let textFile: string;
  let otherPhoto: string;

  const submit = async (body: Json, key: Key = shop, p = project, on = base) => {
    t.clock.advance(1000);
    return key.call('POST', `${on}/reviews?project=${p}`, body);
  };
  const list = (who: BearerUser, query = '') => who.call('GET', `${base}/reviews?project=${project}&${query}`);
  const moderate = (who: BearerUser, id: string, body: Json, p = project) =>
    who.call('PATCH', `${base}/reviews/${id}/moderate?project=${p}`, body);
  const runJobs = () => t.app.services.jobs.runDue();

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    finance = await bearerUser(t, 'finance@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    other = (await createProjectAs(owner, 'Elsewhere')).id;
    await addMembers(t.database.db, project, [member.user.id], 'member');
    await addMembers(t.database.db, project, [finance.user.id], 'finance');
    await installDrive(owner, project);
    await installDrive(owner, other);
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['reviews.create']);
    orderKey = await projectKey(t, owner, project, ['orders.create']);
    const bytes = await png();
    photo = (await uploadAs(t, owner, project, { name: 'mug.png', type: 'image/png', bytes })).id;
    otherPhoto = (await uploadAs(t, owner, other, { name: 'theirs.png', type: 'image/png', bytes })).id;
    textFile = (
      await uploadAs(t, owner, project, { name: 'notes.txt', type: 'text/plain', bytes: Buffer.from('hello') })
    ).id;
  }, 60_000);
  afterAll(() => t.close());

  it('takes a review from the storefront: pending, linked to its customer and order, with photos, logged and audited', async () => {
    const placed = (await orderKey.call('POST', `${base}/orders?project=${project}`, anOrder())).json() as Json;
    const res = await submit(aReview({ orderId: placed.id, photoFileIds: [photo, photo] }));
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json() as Json;
    expect(review).toMatchObject({
      kind: 'product',
      product: { sku: 'MUG-1', name: 'Harbour mug' },
      orderId: placed.id,
      customerId: placed.customer.id,
      author: { name: 'Ada Lovelace', email: 'ada@example.com' },
      rating: 5,
      status: 'pending',
      rejectionReason: null,
      moderatedAt: null,
    });
    // The same photo twice is kept once, with the drive's signed preview links.
    expect(review.photos).toHaveLength(1);
    expect(review.photos[0]).toMatchObject({ id: photo, name: 'mug.png' });
    expect(review.photos[0].preview.src).toMatch(new RegExp(`^/v1/drive/public/${project}/files/${photo}\\?`));
    expect((await t.app.inject({ method: 'GET', url: review.photos[0].preview.src })).statusCode).toBe(200);
    expect(review.log).toEqual([
      expect.objectContaining({ decision: 'submitted', actor: 'Ada Lovelace', reason: null }),
    ]);
    const [audit] = await auditEntries(t.database.db, { operationId: 'submitReview' });
    expect(audit).toMatchObject({ projectId: project, target: `review:${review.id}`, result: 'success' });

    // A store review names no product; a product review must.
    expect((await submit(aReview({ kind: 'store', product: undefined }))).statusCode).toBe(201);
    expect((await submit(aReview({ kind: 'product', product: undefined }))).json().code).toBe('VALIDATION_ERROR');
    expect((await submit(aReview({ kind: 'store' }))).json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses a key without reviews.create, bad ratings, photos that are not this project’s images, and other platforms', async () => {
    const before = (await t.database.db.select().from(storefrontReviews)).length;
    expect((await submit(aReview(), orderKey)).statusCode).toBe(403);
    expect((await outsider.call('POST', `${base}/reviews?project=${project}`, aReview())).statusCode).toBe(403);
    for (const rating of [0, 6, 2.5, '5'])
      expect((await submit(aReview({ rating }))).json().code, String(rating)).toBe('VALIDATION_ERROR');
    for (const ids of [[NOWHERE], [textFile], [otherPhoto], [photo, otherPhoto]]) {
      const res = await submit(aReview({ photoFileIds: ids }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('REVIEW_PHOTO_INVALID');
    }
    const seven = Array.from({ length: 7 }, () => photo);
    expect((await submit(aReview({ photoFileIds: seven }))).json().code).toBe('VALIDATION_ERROR');
    expect((await submit(aReview({ photoFileIds: ['not-a-uuid'] }))).json().code).toBe('VALIDATION_ERROR');
    expect((await submit(aReview({ orderId: NOWHERE }))).json().code).toBe('ORDER_NOT_FOUND');
    expect((await submit(aReview({ body: 'nul \u0000 here' }))).statusCode).toBe(400);
    expect((await submit(aReview({ body: '   ' }))).json().code).toBe('VALIDATION_ERROR');
    expect((await submit(aReview(), shop, project, `/v1/platform/${NOWHERE}`)).json().code).toBe('PLATFORM_NOT_FOUND');
    // The key is the project's: naming another project is refused.
    expect((await submit(aReview(), shop, other)).statusCode).toBe(403);
    expect((await t.database.db.select().from(storefrontReviews)).length).toBe(before);
  });

  it('moderates: a rejection needs a reason; every decision is logged with who made it; a repeat changes nothing', async () => {
    const id = (await submit(aReview({ rating: 2, body: 'Chipped on arrival.' }))).json().id as string;
    expect((await moderate(member, id, { decision: 'approve' })).statusCode).toBe(403);
    const noReason = await moderate(owner, id, { decision: 'reject', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('REVIEW_REASON_REQUIRED');
    expect((await moderate(owner, id, { decision: 'publish' })).json().code).toBe('VALIDATION_ERROR');
    expect((await moderate(owner, id, { decision: 'reject', reason: 'x'.repeat(501) })).statusCode).toBe(400);

    t.clock.advance(1000);
    const rejected = await moderate(owner, id, { decision: 'reject', reason: '  Names a member of staff.  ' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Names a member of staff.' });
    const again = (await moderate(owner, id, { decision: 'reject', reason: 'Again' })).json() as Json;
    expect(again.log.map((l: Json) => l.decision)).toEqual(['submitted', 'rejected']);
    expect(again.rejectionReason).toBe('Names a member of staff.');

    // Any status may move to any other: hidden, then approved again.
    expect((await moderate(owner, id, { decision: 'hide' })).json()).toMatchObject({
      status: 'hidden',
      rejectionReason: null,
    });
    const approved = (await moderate(owner, id, { decision: 'approve', reason: 'Replaced the mug.' })).json() as Json;
    expect(approved.status).toBe('approved');
    const detail = (await owner.call('GET', `${base}/reviews/${id}?project=${project}`)).json() as Json;
    expect(detail.log).toEqual([
      expect.objectContaining({ decision: 'submitted', actor: 'Ada Lovelace' }),
      expect.objectContaining({ decision: 'rejected', reason: 'Names a member of staff.', actor: expect.any(String) }),
      expect.objectContaining({ decision: 'hidden', reason: null }),
      expect.objectContaining({ decision: 'approved', reason: 'Replaced the mug.' }),
    ]);
    expect(detail.log[1].actor).not.toBe('An API key');
    expect(detail.moderatedAt).not.toBeNull();

    const audits = await auditEntries(t.database.db, { operationId: 'moderateReview' });
    expect(audits.filter((a) => a.target === `review:${id}` && a.result === 'success')).toHaveLength(4);
    expect(audits.some((a) => a.details?.changed === false)).toBe(true);

    // Not found: an unknown review, another project's, another platform.
    expect((await moderate(owner, NOWHERE, { decision: 'approve' })).json().code).toBe('REVIEW_NOT_FOUND');
    expect((await moderate(owner, id, { decision: 'approve' }, other)).json().code).toBe('REVIEW_NOT_FOUND');
    expect((await owner.call('GET', `${base}/reviews/${id}?project=${other}`)).json().code).toBe('REVIEW_NOT_FOUND');
    const elsewhere = await owner.call('GET', `/v1/platform/${NOWHERE}/reviews/${id}?project=${project}`);
    expect(elsewhere.json().code).toBe('PLATFORM_NOT_FOUND');
    expect((await outsider.call('GET', `${base}/reviews/${id}?project=${project}`)).statusCode).toBe(403);
    expect((await member.call('GET', `${base}/reviews/${id}?project=${project}`)).statusCode).toBe(200);
  });

  describe('the list', () => {
    let ids: { id: string; rating: number; at: string }[];
    let since: string;

    beforeAll(async () => {
      since = new Date(t.clock.now().getTime() + 500).toISOString();
      ids = [];
      for (const [rating, name] of [
        [3, 'Grace Hopper'],
        [5, 'Alan Turing'],
        [1, 'Edsger Dijkstra'],
        [4, 'Barbara Liskov'],
        [5, 'Katherine Johnson'],
      ] as const) {
        const body = aReview({ rating, author: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` } });
        const review = (await submit(body)).json() as Json;
        ids.push({ id: review.id, rating, at: review.submittedAt });
      }
    });

    /** Every page of a sort, two at a time. */
    const walk = async (sortBy: string) => {
      const seen: string[] = [];
      let token: string | null = null;
      do {
        const page = (
          await list(owner, `start=${since}&sortBy=${sortBy}&pageSize=2${token ? `&pageToken=${token}` : ''}`)
        ).json() as Json;
        seen.push(...page.items.map((item: Json) => item.id));
        token = page.nextPageToken;
      } while (token);
      return seen;
    };

    it('pages each sort to the end, in its order', async () => {
      expect(await walk('newest')).toEqual(ids.map((r) => r.id).reverse());
      expect(await walk('oldest')).toEqual(ids.map((r) => r.id));
      const byRating = (a: (typeof ids)[0], b: (typeof ids)[0]) => a.rating - b.rating || (a.id < b.id ? -1 : 1);
      expect(await walk('lowest')).toEqual([...ids].sort(byRating).map((r) => r.id));
      expect(await walk('highest')).toEqual(
        [...ids]
          .sort(byRating)
          .reverse()
          .map((r) => r.id),
      );
      expect((await list(owner)).json().items[0].id).toBe(ids.at(-1)!.id);
    });

    it('filters by status, rating, search and dates, and counts each status under the other filters', async () => {
      await moderate(owner, ids[1]!.id, { decision: 'approve' });
      await moderate(owner, ids[2]!.id, { decision: 'reject', reason: 'Spam' });
      const pending = (await list(owner, `start=${since}&status=pending`)).json() as Json;
      expect(pending.items.map((i: Json) => i.id).sort()).toEqual([ids[0]!.id, ids[3]!.id, ids[4]!.id].sort());
      expect(pending.counts).toEqual({ pending: 3, approved: 1, rejected: 1, hidden: 0 });
      const fives = (await list(owner, `start=${since}&rating=5`)).json() as Json;
      expect(fives.items).toHaveLength(2);
      expect(fives.counts).toEqual({ pending: 1, approved: 1, rejected: 0, hidden: 0 });
      const found = (await list(owner, `search=liskov`)).json() as Json;
      expect(found.items.map((i: Json) => i.id)).toEqual([ids[3]!.id]);
      expect((await list(owner, `search=barbara@example.org`)).json().items).toHaveLength(1);
      const early = (await list(owner, `start=${since}&end=${ids[2]!.at}`)).json() as Json;
      expect(early.items.map((i: Json) => i.id)).toEqual([ids[1]!.id, ids[0]!.id]);
    });

    it('refuses bad filters and tokens with 400, and readers without reviews.read', async () => {
      const page = (await list(owner, `start=${since}&sortBy=newest&pageSize=2`)).json() as Json;
      const timeToken = page.nextPageToken as string;
      const ratingToken = (await list(owner, `sortBy=highest&pageSize=2`)).json().nextPageToken as string;
      expect((await list(owner, `sortBy=highest&pageToken=${timeToken}`)).json().code).toBe('INVALID_PAGE_TOKEN');
      expect((await list(owner, `sortBy=oldest&pageToken=${ratingToken}`)).json().code).toBe('INVALID_PAGE_TOKEN');
      expect((await list(owner, `pageToken=${timeToken.slice(0, -3)}abc`)).json().code).toBe('INVALID_PAGE_TOKEN');
      for (const query of ['rating=0', 'rating=6', 'rating=2.5', 'status=lost', 'sortBy=best', 'pageSize=1000'])
        expect((await list(owner, query)).json().code, query).toBe('VALIDATION_ERROR');
      expect((await list(owner, 'start=2026-02-01T00:00:00Z&end=2026-01-01T00:00:00Z')).json().code).toBe(
        'INVALID_DATE_RANGE',
      );
      expect((await list(owner, `search=${'a '.repeat(9)}`)).json().code).toBe('SEARCH_TOO_LONG');
      expect((await list(owner, `search=%00`)).statusCode).toBe(400);
      expect((await list(member)).statusCode).toBe(200);
      expect((await list(finance)).statusCode).toBe(403);
      expect((await list(outsider)).statusCode).toBe(403);
      const elsewhere = await owner.call('GET', `/v1/platform/${NOWHERE}/reviews?project=${project}`);
      expect(elsewhere.json().code).toBe('PLATFORM_NOT_FOUND');
    });
  });

  it('shows the public only approved reviews, without addresses, with the rating summary', async () => {
    const sku = 'LAMP-9';
    const review = (rating: number, name: string) =>
      aReview({ product: { sku, name: 'Brass lamp' }, rating, author: { name, email: `${rating}@buyers.example` } });
    const approved = (await submit(review(5, 'Mary Somerville'))).json().id as string;
    const alsoApproved = (await submit(review(4, 'Cher'))).json().id as string;
    const pending = (await submit(review(1, 'Pat Pending'))).json().id as string;
    const rejected = (await submit(review(2, 'Rex Rejected'))).json().id as string;
    const hidden = (await submit(review(3, 'Hedy Hidden'))).json().id as string;
    await moderate(owner, approved, { decision: 'approve' });
    await moderate(owner, alsoApproved, { decision: 'approve' });
    await moderate(owner, rejected, { decision: 'reject', reason: 'Rude' });
    await moderate(owner, hidden, { decision: 'approve' });
    await moderate(owner, hidden, { decision: 'hide' });

    const url = `/omnis/v3${base.slice('/v1'.length)}/reviews?project=${project}&productSku=${sku}`;
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Json;
    expect(page.items.map((i: Json) => i.id)).toEqual([alsoApproved, approved]);
    expect(page.items.map((i: Json) => i.author)).toEqual(['Cher', 'Mary S.']);
    expect(page.summary).toEqual({ count: 2, average: 4.5 });
    expect(res.body).not.toContain('@');
    for (const id of [pending, rejected, hidden]) expect(res.body).not.toContain(id);

    // Paged, still approved only; all products when no sku is named.
    const first = (await t.app.inject({ method: 'GET', url: `${url}&pageSize=1` })).json() as Json;
    const second = (
      await t.app.inject({ method: 'GET', url: `${url}&pageSize=1&pageToken=${first.nextPageToken}` })
    ).json() as Json;
    expect([...first.items, ...second.items].map((i: Json) => i.id)).toEqual([alsoApproved, approved]);
    expect(second.nextPageToken).toBeNull();
    const everything = (
      await t.app.inject({ method: 'GET', url: `/omnis/v3${base.slice(3)}/reviews?project=${project}&pageSize=100` })
    ).json() as Json;
    const statuses = await t.database.db
      .select({ id: storefrontReviews.id, status: storefrontReviews.status })
      .from(storefrontReviews)
      .where(eq(storefrontReviews.projectId, project));
    const shown = new Set(everything.items.map((i: Json) => i.id));
    for (const row of statuses) expect(shown.has(row.id), row.status).toBe(row.status === 'approved');

    expect(
      (await t.app.inject({ method: 'GET', url: `/omnis/v3/platform/${NOWHERE}/reviews?project=${project}` }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}&pageToken=forged` })).json().code).toBe(
      'INVALID_PAGE_TOKEN',
    );
    expect(publicAuthor('  ada   lovelace byron ')).toBe('ada B.');
  });

  it("keeps the public summary 30 s, and forgets it when the shop's reviews change", async () => {
    const sku = 'KEPT-1';
    const url = `/omnis/v3${base.slice('/v1'.length)}/reviews?project=${project}&productSku=${sku}`;
    const summary = async () => ((await t.app.inject({ method: 'GET', url })).json() as Json).summary as Json;
    const one = (await submit(aReview({ product: { sku, name: 'Kept mug' }, rating: 5 }))).json().id as string;
    await moderate(owner, one, { decision: 'approve' });
    expect(await summary()).toEqual({ count: 1, average: 5 });

    // A change behind the handlers' back is not counted while the summary is kept…
    await t.database.db.delete(storefrontReviews).where(eq(storefrontReviews.id, one));
    expect(await summary()).toEqual({ count: 1, average: 5 });
    // …until it lapses,
    t.clock.advance(31_000);
    expect(await summary()).toEqual({ count: 0, average: null });
    // and a moderation decision forgets it at once.
    const two = (await submit(aReview({ product: { sku, name: 'Kept mug' }, rating: 4 }))).json().id as string;
    expect(await summary()).toEqual({ count: 0, average: null });
    await moderate(owner, two, { decision: 'approve' });
    expect(await summary()).toEqual({ count: 1, average: 4 });
  });

  it('exports reviews as CSV into the drive in the background', async () => {
    const exportReviews = (who: BearerUser, query: string) =>
      who.call('POST', `${base}/reviews/export?project=${project}&${query}`);
    const start = new Date(0).toISOString();
    expect((await exportReviews(owner, '')).json().code).toBe('VALIDATION_ERROR');
    expect((await exportReviews(finance, `start=${start}`)).statusCode).toBe(403);
    expect((await exportReviews(owner, `start=${start}&status=maybe`)).json().code).toBe('VALIDATION_ERROR');
    const res = await exportReviews(member, `start=${start}&status=approved`);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      kind: 'reviews',
      status: 'queued',
      fileName: expect.stringMatching(/^reviews-/),
    });
    const audits = await auditEntries(t.database.db, { operationId: 'exportReviews' });
    expect(audits.find((a) => a.result === 'success')).toMatchObject({
      projectId: project,
      details: { kind: 'reviews', filters: { status: 'approved' } },
    });

    await runJobs();
    const done = (await member.call('GET', `${base}/exports/${res.json().id}?project=${project}`)).json() as Json;
    expect(done).toMatchObject({ status: 'done', failure: null });
    const approved = await t.database.db
      .select()
      .from(storefrontReviews)
      .where(eq(storefrontReviews.status, 'approved'));
    expect(done.rows).toBe(approved.length);
    const csv = parseCsv((await member.call('GET', `/v1/drive/files/${done.fileId}?project=${project}`)).body);
    expect(csv[0]).toEqual(REVIEW_CSV_HEADER);
    expect(csv).toHaveLength(approved.length + 1);
    expect(csv.slice(1).every((row) => row[1] === 'approved')).toBe(true);
    // Oldest first, as sent in.
    const times = csv.slice(1).map((row) => row[0]!);
    expect(times).toEqual([...times].sort());
  });

  describe('with the Reviews module', () => {
    let auto: string;
    let autoBase: string;
    let autoShop: Key;

    beforeAll(async () => {
      auto = (await createProjectAs(owner, 'Auto Shop')).id;
      autoBase = await storefrontBase(t, auto);
      const installed = await owner.call('POST', `/v1/projects/${auto}/integrations/reviews`, {
        config: { publishWithoutModeration: true, requestAfterDays: 3 },
      });
      expect(installed.statusCode, installed.body).toBe(201);
      autoShop = await projectKey(t, owner, auto, ['reviews.create', 'orders.create']);
    });

    it('publishes 4 and 5 star reviews at once, and leaves the others to moderation', async () => {
      const five = (await submit(aReview({ rating: 5 }), autoShop, auto, autoBase)).json() as Json;
      expect(five.status).toBe('approved');
      expect(five.log).toEqual([
        expect.objectContaining({ decision: 'submitted' }),
        expect.objectContaining({ decision: 'approved', actor: 'Published automatically' }),
      ]);
      const three = (await submit(aReview({ rating: 3 }), autoShop, auto, autoBase)).json() as Json;
      expect(three.status).toBe('pending');
      expect(three.log).toHaveLength(1);
    });

    it('mails the customer once, requestAfterDays after the order completes', async () => {
      const fulfil = async (projectId: string, on: string, key: Key) => {
        const order = (await key.call('POST', `${on}/orders?project=${projectId}`, anOrder())).json() as Json;
        const shipped = await owner.call(
          'PATCH',
          `${on}/fulfillments/${order.fulfillments[0].id}?project=${projectId}`,
          { status: 'shipped' },
        );
        expect(shipped.statusCode, shipped.body).toBe(200);
        return order.id as string;
      };
      const customer = 'ada@example.com';
      const mailsBefore = (await outboxTo(t.database.db, customer)).length;
      const orderId = await fulfil(auto, autoBase, autoShop);
      const [owed] = await t.database.db
        .select()
        .from(storefrontReviewRequests)
        .where(eq(storefrontReviewRequests.orderId, orderId));
      expect(owed!.dueAt.getTime()).toBe(t.clock.now().getTime() + 3 * DAY);
      expect(owed!.sentAt).toBeNull();

      // Without the Reviews module a completed order owes nothing.
      const plain = await fulfil(project, base, orderKey);
      expect(
        await t.database.db.select().from(storefrontReviewRequests).where(eq(storefrontReviewRequests.orderId, plain)),
      ).toEqual([]);

      await runJobs();
      expect(await outboxTo(t.database.db, customer)).toHaveLength(mailsBefore);
      t.clock.advance(3 * DAY);
      await runJobs();
      const mails = await outboxTo(t.database.db, customer);
      expect(mails).toHaveLength(mailsBefore + 1);
      expect(mails.at(-1)).toMatchObject({ subject: expect.stringContaining('Auto Shop') });
      t.clock.advance(DAY);
      await runJobs();
      // A second run of the job (a retry, another worker) sends nothing more.
      await t.database.db.transaction((tx) => t.app.services.jobs.enqueue(tx, REVIEW_REQUEST_QUEUE, { orderId }));
      await runJobs();
      expect(await outboxTo(t.database.db, customer)).toHaveLength(mailsBefore + 1);
    });
  });
});
