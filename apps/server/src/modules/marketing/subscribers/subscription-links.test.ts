import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeMailingList, subscribe, testLinks } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { projectKey } from '../../../test/storefront.js';
import { outboxTo } from '../../mail/testing.js';
import { signLinkToken, verifyLinkToken, type SubscriptionLinks } from '../links.js';
import { marketingCampaigns } from '../schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('signed link tokens', () => {
  const key = randomBytes(32);
  const claims = { subscriberId: randomUUID(), projectId: randomUUID(), purpose: 'unsubscribe' as const };

  it('round-trips claims, with or without a campaign, in a short URL-safe token', () => {
    const token = signLinkToken(key, claims);
    expect(token).toMatch(/^[A-Za-z0-9_-]{60,70}$/);
    expect(verifyLinkToken(key, token, 'unsubscribe')).toEqual(claims);
    const campaignId = randomUUID();
    const withCampaign = signLinkToken(key, { ...claims, campaignId });
    expect(verifyLinkToken(key, withCampaign, 'unsubscribe')).toEqual({ ...claims, campaignId });
  });

  it('refuses another purpose, another key, an edited, cut or garbled token', () => {
    const token = signLinkToken(key, claims);
    const bytes = Buffer.from(token, 'base64url');
    const flipped = Buffer.from(bytes);
    flipped[5] = flipped[5]! ^ 1;
    for (const [bad, purpose] of [
      [token, 'confirm'],
      [signLinkToken(randomBytes(32), claims), 'unsubscribe'],
      [flipped.toString('base64url'), 'unsubscribe'],
      [token.slice(0, -2), 'unsubscribe'],
      [`${token}A`, 'unsubscribe'],
      ['not a token!', 'unsubscribe'],
      ['', 'unsubscribe'],
    ] as const) {
      expect(() => verifyLinkToken(key, bad, purpose)).toThrow(expect.objectContaining({ code: 'INVALID_TOKEN' }));
    }
  });
});

describe("a subscriber's own links", () => {
  let t: TestApp;
  let owner: BearerUser;
  let project: string;
  let links: SubscriptionLinks;

  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/v1/mail/subscriptions/confirm', payload: { token } });
  const get = async (id: string) =>
    (await owner.call('GET', `/v1/mail/subscribers/${id}?project=${project}`)).json() as Json;
  const kinds = async (id: string) =>
    ((await owner.call('GET', `/v1/mail/subscribers/${id}/events?project=${project}`)).json() as Json).items.map(
      (e: Json) => e.kind,
    );
  const byEmail = async (email: string) => {
    const res = await owner.call('GET', `/v1/mail/subscribers?project=${project}&search=${encodeURIComponent(email)}`);
    return (res.json() as Json).items.find((s: Json) => s.email === email) as Json | undefined;
  };
  /** The confirmation mail's link: the token is the whole of it after `token=`. */
  const confirmationToken = async (to: string) => {
    const mails = await outboxTo(t.database.db, to);
    expect(mails).toHaveLength(1);
    const link = /https?:\/\/\S+\/mail\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text);
    expect(link, mails[0]!.text).not.toBeNull();
    expect(mails[0]!.html).toContain(link![0]);
    return link![1]!;
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await installMarketing(owner, project);
    links = await testLinks(t);
  });
  afterAll(() => t.close());

  it('double opt-in end to end: a confirmation mail, then subscribed with consent when they follow it', async () => {
    const list = await makeMailingList(owner, project, { name: 'Weekly', optIn: 'double' });
    const made = await subscribe(owner, project, { email: 'ada@example.com', lists: [list.id] });
    expect(made).toMatchObject({ status: 'unconfirmed', consentAt: null, consentSource: null });
    const mail = (await outboxTo(t.database.db, 'ada@example.com'))[0]!;
    expect(mail.subject).toBe('Confirm your subscription to Harbour Goods');
    const token = await confirmationToken('ada@example.com');
    expect(await kinds(made.id)).toEqual(['confirmation_sent', 'list_added', 'created']);

    t.clock.advance(60_000);
    const res = await confirm(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'subscribed', sender: 'Harbour Goods' });
    expect(await get(made.id)).toMatchObject({
      status: 'subscribed',
      consentAt: t.clock.now().toISOString(),
      consentSource: 'confirmation',
    });

    t.clock.advance(60_000);
    expect((await confirm(token)).json()).toEqual({ status: 'subscribed', sender: 'Harbour Goods' });
    expect(await kinds(made.id)).toEqual(['confirmed', 'confirmation_sent', 'list_added', 'created']);
    // A confirmation link is no unsubscribe link.
    const wrong = await t.app.inject({ method: 'POST', url: `/v1/mail/subscriptions/unsubscribe?token=${token}` });
    expect([wrong.statusCode, wrong.json().code]).toEqual([400, 'INVALID_TOKEN']);
  });

  it("a form's key follows the module's settings: confirmation by default, the sender name, or at once when off", async () => {
    const form = await projectKey(t, owner, project, ['mail.subscribe']);
    const first = await form.call('POST', `/v1/mail/subscribers?project=${project}`, {
      email: 'grace@example.com',
      consentSource: 'form',
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ received: true });
    expect(await byEmail('grace@example.com')).toMatchObject({ status: 'unconfirmed' });
    await confirmationToken('grace@example.com');

    const settings = await owner.call('PATCH', `/v1/projects/${project}/integrations/marketing`, {
      config: { doubleOptIn: false, senderName: 'The Harbour' },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    const second = await form.call('POST', `/v1/mail/subscribers?project=${project}`, {
      email: 'linus@example.com',
      consentSource: 'form',
    });
    expect(second.statusCode).toBe(201);
    expect(await byEmail('linus@example.com')).toMatchObject({ status: 'subscribed', consentSource: 'form' });
    await form.call('POST', `/v1/mail/subscribers?project=${project}`, { email: 'alan@example.com' });
    expect(await byEmail('alan@example.com')).toMatchObject({ status: 'subscribed', consentSource: 'api' });
    expect(await outboxTo(t.database.db, 'linus@example.com')).toEqual([]);

    // Asked for explicitly, the confirmation goes whatever the settings, from the sender name.
    await subscribe(owner, project, { email: 'edsger@example.com', status: 'unconfirmed' });
    const [mail] = await outboxTo(t.database.db, 'edsger@example.com');
    expect(mail!.subject).toBe('Confirm your subscription to The Harbour');
  });

  it('one-click unsubscribe (RFC 8058): a form post, then the same answer again; the campaign counts it once', async () => {
    const made = await subscribe(owner, project, { email: 'barbara@example.com' });
    const [campaign] = await t.database.db
      .insert(marketingCampaigns)
      .values({
        projectId: project,
        name: 'Spring sale',
        audience: {} as never,
        status: 'sent',
        createdAt: t.clock.now(),
        updatedAt: t.clock.now(),
      })
      .returning();
    const url = links.oneClickUnsubscribeUrl({ subscriberId: made.id, projectId: project, campaignId: campaign!.id });
    expect(url).toMatch(/\/v1\/mail\/subscriptions\/unsubscribe\?token=/);
    const post = () =>
      t.app.inject({
        method: 'POST',
        url: url.slice(url.indexOf('/v1/')),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    // Reading the link (the page that asks first) names the sender and changes nothing.
    const read = await t.app.inject({ method: 'GET', url: url.slice(url.indexOf('/v1/')) });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual({ status: 'subscribed', sender: 'The Harbour' });
    expect(await get(made.id)).toMatchObject({ status: 'subscribed', unsubscribedAt: null });
    const forged = await t.app.inject({ method: 'GET', url: '/v1/mail/subscriptions/unsubscribe?token=forged' });
    expect(forged.statusCode).toBe(400);

    t.clock.advance(1000);
    const res = await post();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'unsubscribed', sender: 'The Harbour' });
    expect(await get(made.id)).toMatchObject({ status: 'unsubscribed', unsubscribedAt: t.clock.now().toISOString() });
    expect((await post()).json()).toEqual({ status: 'unsubscribed', sender: 'The Harbour' });

    const events = (
      (await owner.call('GET', `/v1/mail/subscribers/${made.id}/events?project=${project}`)).json() as Json
    ).items;
    expect(events.filter((e: Json) => e.kind === 'unsubscribed')).toEqual([
      expect.objectContaining({ campaign: { id: campaign!.id, name: 'Spring sale' }, detail: 'link' }),
    ]);
    const [counted] = await t.database.db
      .select({ unsubscribed: marketingCampaigns.unsubscribed })
      .from(marketingCampaigns)
      .where(eq(marketingCampaigns.id, campaign!.id));
    expect(counted!.unsubscribed).toBe(1);
  });

  it("the console's unsubscribe page posts JSON or nothing; other routes still refuse forms", async () => {
    const made = await subscribe(owner, project, { email: 'katherine@example.com' });
    const token = links.sign({ subscriberId: made.id, projectId: project, purpose: 'unsubscribe' });
    expect(links.unsubscribeUrl({ subscriberId: made.id, projectId: project })).toMatch(
      /\/mail\/unsubscribe\?token=[A-Za-z0-9_-]+$/,
    );
    const json = await t.app.inject({
      method: 'POST',
      url: `/v1/mail/subscriptions/unsubscribe?token=${token}`,
      payload: {},
    });
    expect(json.json()).toMatchObject({ status: 'unsubscribed' });
    const empty = await t.app.inject({ method: 'POST', url: `/v1/mail/subscriptions/unsubscribe?token=${token}` });
    expect(empty.json()).toMatchObject({ status: 'unsubscribed' });

    const form = await t.app.inject({
      method: 'POST',
      url: '/v1/mail/subscriptions/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${token}`,
    });
    expect([form.statusCode, form.json().code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
  });

  it('refuses forged tokens (400) and answers 404 for an erased subscriber', async () => {
    for (const token of [
      'garbage',
      'A'.repeat(66),
      links.sign({ subscriberId: randomUUID(), projectId: project, purpose: 'confirm' }).slice(1),
    ]) {
      const res = await confirm(token);
      expect([res.statusCode, res.json().code], token).toEqual([400, 'INVALID_TOKEN']);
    }
    const nul = await t.app.inject({ method: 'POST', url: '/v1/mail/subscriptions/unsubscribe?token=a%00b' });
    expect(nul.statusCode).toBe(400);

    const made = await subscribe(owner, project, { email: 'gone@example.com' });
    expect((await owner.call('DELETE', `/v1/mail/subscribers/${made.id}?project=${project}`)).statusCode).toBe(204);
    const token = links.sign({ subscriberId: made.id, projectId: project, purpose: 'unsubscribe' });
    const res = await t.app.inject({ method: 'POST', url: `/v1/mail/subscriptions/unsubscribe?token=${token}` });
    expect([res.statusCode, res.json().code]).toEqual([404, 'SUBSCRIBER_NOT_FOUND']);
  });

  it('nobody who left or bounced is set back to unconfirmed: no new link is mailed, nothing changes', async () => {
    const url = (id: string) => `/v1/mail/subscribers/${id}?project=${project}`;
    const body = { name: '', gender: null, attributes: {}, lists: [] };
    for (const [email, left] of [
      ['hedy@example.com', 'unsubscribed'],
      ['bounce@example.com', 'bounced'],
    ] as const) {
      const made = await subscribe(owner, project, { email });
      const out = await owner.call('PUT', url(made.id), { ...body, email, status: left });
      expect(out.json()).toMatchObject({ status: left });
      const before = await kinds(made.id);
      const again = await owner.call('PUT', url(made.id), { ...body, email, name: 'Changed', status: 'unconfirmed' });
      expect([again.statusCode, again.json().code], again.body).toEqual([409, 'CONSENT_REQUIRED']);
      expect(again.json().message).toMatch(left === 'bounced' ? /bounced/ : /unsubscribed/);
      expect(await get(made.id)).toMatchObject({ status: left, name: '' });
      expect(await kinds(made.id)).toEqual(before);
      expect(await outboxTo(t.database.db, email)).toHaveLength(0);
    }
  });
});
