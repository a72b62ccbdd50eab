import { TRACKED_URL_MAX } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeDraft, testLinks } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { marketingSubscriberEvents, marketingSubscribers } from '../schema.js';
import { mailComposer } from '../sending/compose.js';
import { OPEN_PIXEL } from '../sending/tracking.js';
import { campaignRow, insertList, insertSubscriber } from './testing.js';

const SALE = 'https://shop.example/sale?from=mail&x=1';

/** A link of a mail as the reader's client asks for it: the path and query under the public address. */
const pathOf = (link: string) => {
  const u = new URL(link.replaceAll('&amp;', '&'));
  return `${u.pathname}${u.search}`;
};

describe('tracked opens and clicks (mail through the outbox)', () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  let campaign: string;
  const people: Record<string, { id: string; html: string }> = {};

  const get = (path: string) => t.app.inject({ method: 'GET', url: path });
  const figures = async () =>
    (await owner.call('GET', `/v1/mail/campaigns/${campaign}?project=${project}`)).json().stats;
  const subscriber = async (id: string) =>
    (await t.database.db.select().from(marketingSubscribers).where(eq(marketingSubscribers.id, id)))[0];
  const events = (id: string, kind: 'opened' | 'clicked') =>
    t.database.db
      .select()
      .from(marketingSubscriberEvents)
      .where(and(eq(marketingSubscriberEvents.subscriberId, id), eq(marketingSubscriberEvents.kind, kind)));
  const clickLink = (html: string) => html.match(/href="([^"]*\/v1\/mail\/track\/click\?[^"]+)"/)![1]!;
  const pixel = (html: string) => html.match(/src="([^"]*\/v1\/mail\/track\/open\?[^"]+)"/)![1]!;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await installMarketing(owner, project);
    const now = t.clock.now();
    const list = await insertList(t.database.db, project, 'Newsletter', now);
    for (const name of ['olga', 'piet', 'quin'])
      people[name] = {
        id: await insertSubscriber(t.database.db, project, { email: `${name}@example.com`, lists: [list] }, now),
        html: '',
      };
    const draft = await makeDraft(owner, project, {
      name: 'Sale',
      subject: 'Sale',
      markdown: `Dear {{ subscriber.name }}, [the sale](${SALE}) is on.`,
    });
    const made = await owner.call('POST', `/v1/mail/campaigns?project=${project}`, {
      name: 'Summer',
      draftId: draft.id,
      audience: { lists: [list] },
    });
    campaign = made.json().id;
    expect((await owner.call('POST', `/v1/mail/campaigns/${campaign}/send?project=${project}`)).statusCode).toBe(200);
    await t.app.services.jobs.runDue();
    for (const [name, person] of Object.entries(people)) {
      const { items } = await t.app.services.mail.list({ pageSize: 1, to: `${name}@example.com` });
      person.html = items[0]!.html!;
    }
  });
  afterAll(() => t.close());

  it('sends into the outbox without SMTP_URL, each mail with its tracked links and open pixel', async () => {
    expect(await figures()).toMatchObject({ recipients: 3, sent: 3, delivered: 3, failed: 0 });
    for (const person of Object.values(people)) {
      expect(new URL(clickLink(person.html).replaceAll('&amp;', '&')).searchParams.get('url')).toBe(SALE);
      expect(pixel(person.html)).toContain('token=');
      expect(person.html).toContain('/mail/unsubscribe?token=');
    }
  });

  it('leaves a link longer than a tracked link can carry as it is, and still tracks the others', async () => {
    const long = `https://shop.example/search?q=${'a'.repeat(TRACKED_URL_MAX)}`;
    const compose = mailComposer(
      {
        subject: 'Hi',
        preheader: '',
        format: 'markdown',
        markdown: `[long](${long}) and [short](${SALE})`,
        blocks: [],
      },
      { senderName: 'Harbour Goods', projectName: 'Harbour Goods' },
      await testLinks(t),
      { projectId: project, campaignId: campaign, track: true },
    );
    const { html } = compose({ id: people.olga!.id, email: 'olga@example.com', name: 'Olga', attributes: {} });
    expect(html).toContain(`href="${long}"`);
    const tracked = clickLink(html!);
    expect(new URL(tracked.replaceAll('&amp;', '&')).searchParams.get('url')).toBe(SALE);
  });

  it('counts the first open of each recipient, and moves the last opened time on every open', async () => {
    const olga = people.olga!;
    const res = await get(pathOf(pixel(olga.html)));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(OPEN_PIXEL)).toBe(true);
    const first = t.clock.now();
    expect((await subscriber(olga.id))!.lastOpenedAt).toEqual(first);

    t.clock.advance(60_000);
    expect((await get(pathOf(pixel(olga.html)))).statusCode).toBe(200);
    expect((await subscriber(olga.id))!.lastOpenedAt).toEqual(t.clock.now());
    expect(await figures()).toMatchObject({ opened: 1, clicked: 0 });
    expect(await events(olga.id, 'opened')).toHaveLength(1);
  });

  it('answers the image to a bad token, changing nothing', async () => {
    const before = await campaignRow(t.database.db, campaign);
    const forged = pathOf(pixel(people.piet!.html)).replace(/token=([\w-]{10})/, 'token=AAAAAAAAAA');
    for (const path of [forged, '/v1/mail/track/open?token=nonsense', `/v1/mail/track/open?token=`]) {
      const res = await get(path);
      expect([res.statusCode, res.headers['content-type']], path).toEqual([200, 'image/gif']);
    }
    expect(await campaignRow(t.database.db, campaign)).toEqual(before);
    expect((await subscriber(people.piet!.id))!.lastOpenedAt).toBeNull();
  });

  it('redirects a click to its address, counting the first click (and an open when none was seen)', async () => {
    const piet = people.piet!;
    const res = await get(pathOf(clickLink(piet.html)));
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toBe(SALE);
    t.clock.advance(60_000);
    expect((await get(pathOf(clickLink(piet.html)))).headers.location).toBe(SALE);
    expect(await figures()).toMatchObject({ opened: 2, clicked: 1 });
    const row = (await subscriber(piet.id))!;
    expect(row.lastClickedAt).toEqual(t.clock.now());
    expect(row.lastOpenedAt).not.toBeNull();
    const clicks = await events(piet.id, 'clicked');
    expect(clicks.map((e) => [e.detail, e.campaignId])).toEqual([
      [SALE, campaign],
      [SALE, campaign],
    ]);
  });

  it('refuses a link turned to another address, or a token of another kind, changing nothing', async () => {
    const quin = people.quin!;
    const link = pathOf(clickLink(quin.html));
    const before = await campaignRow(t.database.db, campaign);
    const links = await testLinks(t);
    const claims = { subscriberId: quin.id, projectId: project, campaignId: campaign };
    const tries = [
      link.replace(/url=[^&]+/, `url=${encodeURIComponent('https://evil.example/')}`),
      link.replace(/url=[^&]+/, `url=${encodeURIComponent(`${SALE}&y=2`)}`),
      pathOf(pixel(quin.html)).replace('/track/open?', '/track/click?') + `&url=${encodeURIComponent(SALE)}`,
      // Signed, but not a web address: never redirected to.
      pathOf(links.clickUrl(claims, 'javascript:alert(1)')),
    ];
    for (const path of tries) {
      const res = await get(path);
      expect([res.statusCode, res.json().code], path).toEqual([400, 'INVALID_TOKEN']);
    }
    expect(await campaignRow(t.database.db, campaign)).toEqual(before);
    expect((await subscriber(quin.id))!.lastClickedAt).toBeNull();
  });

  it('changes nothing for a subscriber deleted since, and still redirects', async () => {
    const olga = people.olga!;
    const gone = await owner.call('DELETE', `/v1/mail/subscribers/${olga.id}?project=${project}`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    const before = await campaignRow(t.database.db, campaign);
    const res = await get(pathOf(clickLink(olga.html)));
    expect([res.statusCode, res.headers.location]).toEqual([302, SALE]);
    expect((await get(pathOf(pixel(olga.html)))).statusCode).toBe(200);
    expect(await campaignRow(t.database.db, campaign)).toEqual(before);
  });
});
