import type { Notification, NotificationPage } from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { queuedJobs } from '../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser, signInAs, TestBrowser, USER_API } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMember } from '../access/service.js';
import { makeAdmin, setUserFields } from '../accounts/testing.js';
import { outboxTo } from '../mail/testing.js';
import { MAX_PUSH_DEVICES } from './handlers.js';
import { ensureVapidKeys, PUSH_QUEUE } from './push.js';
import { notifications, pushSubscriptions } from './schema.js';

const NOTIFICATIONS = `${USER_API}/notifications`;

/** The account API as the console calls it, for one signed-in person. */
function inbox(browser: TestBrowser) {
  return {
    list: async (query: Record<string, string | number> = {}) => {
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      const res = await browser.get(`${NOTIFICATIONS}${qs ? `?${qs}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as NotificationPage;
    },
    all: async (query: Record<string, string> = {}) => {
      const items: Notification[] = [];
      let pageToken: string | null = null;
      do {
        const page: NotificationPage = await inbox(browser).list({
          ...query,
          pageSize: 100,
          ...(pageToken ? { pageToken } : {}),
        });
        items.push(...page.items);
        pageToken = page.nextPageToken;
      } while (pageToken);
      return items;
    },
    remove: (id: string) => browser.request('DELETE', `${NOTIFICATIONS}/${id}`),
    read: (id: string) => browser.request('PUT', `${NOTIFICATIONS}/${id}/read`),
    readAll: (group?: string) =>
      browser.request('PUT', `${NOTIFICATIONS}/read-all${group ? `?group=${encodeURIComponent(group)}` : ''}`),
  };
}

describe('in-app notifications', () => {
  let t: TestApp;
  let owner: BearerUser;
  let member: BearerUser;
  let outsider: BearerUser;
  let admin: BearerUser;
  let projectId: string;
  // Sign-ins are rate limited (20 a minute per address): each person signs in once.
  let ownerBrowser: TestBrowser;
  let memberBrowser: TestBrowser;
  let outsiderBrowser: TestBrowser;
  let ownerInbox: ReturnType<typeof inbox>;
  let memberInbox: ReturnType<typeof inbox>;
  let outsiderInbox: ReturnType<typeof inbox>;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    member = await bearerUser(t, 'member@example.com');
    outsider = await bearerUser(t, 'outsider@example.com');
    admin = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    projectId = (await createProjectAs(owner, 'Shop')).id;
    await addMember(t.database.db, projectId, member.user.id, 'member');
    ownerBrowser = await signInAs(t, 'owner@example.com');
    memberBrowser = await signInAs(t, 'member@example.com');
    outsiderBrowser = await signInAs(t, 'outsider@example.com');
    ownerInbox = inbox(ownerBrowser);
    memberInbox = inbox(memberBrowser);
    outsiderInbox = inbox(outsiderBrowser);
  });
  afterAll(() => t.close());

  const service = () => t.app.services.notifications;
  const db = () => t.database.db;
  const toUser = (userId: string, title: string, extra: object = {}) =>
    service().notifyUser(db(), { userId, title, ...extra });
  const toProject = (title: string, extra: object = {}) =>
    service().notifyProject(db(), { projectId, title, ...extra });
  const clear = () => db().delete(notifications);

  it('lists newest first, page by page, and keeps one group when asked', async () => {
    await clear();
    for (let i = 1; i <= 5; i++) {
      t.clock.advance(1000);
      await toUser(member.user.id, `personal ${i}`, { body: `body ${i}` });
      t.clock.advance(1);
      await toProject(`project ${i}`, {
        action: { route: { name: 'project.dashboard', params: {}, query: { project: projectId } } },
      });
    }
    const first = await memberInbox.list({ pageSize: 4 });
    expect(first.items.map((n) => n.title)).toEqual(['project 5', 'personal 5', 'project 4', 'personal 4']);
    expect(first.items[1]).toMatchObject({ group: 'user', projectId: null, body: 'body 5', readAt: null, image: null });
    expect(first.items[0]).toMatchObject({
      group: `project:${projectId}`,
      projectId,
      action: { route: { name: 'project.dashboard', query: { project: projectId } } },
    });
    expect(first.nextPageToken).toEqual(expect.any(String));
    const second = await memberInbox.list({ pageSize: 4, pageToken: first.nextPageToken! });
    expect(second.items.map((n) => n.title)).toEqual(['project 3', 'personal 3', 'project 2', 'personal 2']);
    const last = await memberInbox.list({ pageSize: 4, pageToken: second.nextPageToken! });
    expect(last.items.map((n) => n.title)).toEqual(['project 1', 'personal 1']);
    expect(last.nextPageToken).toBeNull();

    const personal = await memberInbox.list({ group: 'user' });
    expect(personal.items.map((n) => n.title)).toEqual([5, 4, 3, 2, 1].map((i) => `personal ${i}`));
    // Project ids in a group may come in either case.
    const shop = await memberInbox.list({ group: `project:${projectId.toUpperCase()}` });
    expect(shop.items.map((n) => n.title)).toEqual([5, 4, 3, 2, 1].map((i) => `project ${i}`));

    const bad = await memberBrowser.get(`${NOTIFICATIONS}?group=everyone`);
    expect(bad.statusCode).toBe(400);
    const forged = await memberBrowser.get(`${NOTIFICATIONS}?pageToken=nonsense`);
    expect(forged.json()).toMatchObject({ code: 'INVALID_PAGE_TOKEN' });
  });

  it("carries the unread counts of all the caller's groups, whatever the filter, with project names", async () => {
    await clear();
    await toUser(member.user.id, 'one');
    await toUser(member.user.id, 'two');
    await toProject('three');
    const expected = [
      { group: 'user', projectId: null, projectName: null, count: 2 },
      { group: `project:${projectId}`, projectId, projectName: 'Shop', count: 1 },
    ];
    expect((await memberInbox.list()).unread).toEqual(expected);
    expect((await memberInbox.list({ group: 'user', pageSize: 1 })).unread).toEqual(expected);
    // Someone with no projects and nothing unread still has their own group.
    expect((await outsiderInbox.list()).unread).toEqual([
      { group: 'user', projectId: null, projectName: null, count: 0 },
    ]);
  });

  it('copies a project notification to every current member, and to nobody else', async () => {
    await clear();
    const recipients = await db().transaction((tx) =>
      service().notifyProject(tx, { projectId, title: 'Invoice paid', body: 'INV-1' }),
    );
    expect(recipients).toBe(2);
    const [ownerCopy] = (await ownerInbox.list()).items;
    const [memberCopy] = (await memberInbox.list()).items;
    expect(ownerCopy).toMatchObject({ title: 'Invoice paid', body: 'INV-1', group: `project:${projectId}` });
    expect(memberCopy).toMatchObject({ title: 'Invoice paid', body: 'INV-1', group: `project:${projectId}` });
    expect(ownerCopy!.id).not.toBe(memberCopy!.id);
    expect((await outsiderInbox.list()).items).toEqual([]);
    // A notification raised in a transaction that rolls back reaches nobody.
    await expect(
      db().transaction(async (tx) => {
        await service().notifyProject(tx, { projectId, title: 'Never happened' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect((await ownerInbox.list()).items.map((n) => n.title)).toEqual(['Invoice paid']);
  });

  it('leaves removed members out of later notifications and hides the project from them', async () => {
    await clear();
    const leaver = { user: await createUser(t, 'leaver@example.com') };
    await addMember(db(), projectId, leaver.user.id, 'viewer');
    const leaverInbox = inbox(await signInAs(t, 'leaver@example.com'));
    await toProject('before');
    expect((await leaverInbox.list()).items.map((n) => n.title)).toEqual(['before']);
    expect((await owner.call('DELETE', `/v1/projects/${projectId}/users/${leaver.user.id}`)).statusCode).toBe(204);

    t.clock.advance(1000);
    expect(await toProject('after')).toBe(2);
    const page = await leaverInbox.list();
    expect(page.items).toEqual([]);
    expect(page.unread).toEqual([{ group: 'user', projectId: null, projectName: null, count: 0 }]);
    expect((await memberInbox.list()).items.map((n) => n.title)).toEqual(['after', 'before']);
  });

  it('deletes for good: a deleted notification never comes back on a later list', async () => {
    await clear();
    await toUser(member.user.id, 'keep');
    t.clock.advance(1000);
    await toUser(member.user.id, 'drop');
    const drop = (await memberInbox.list()).items.find((n) => n.title === 'drop')!;
    expect((await memberInbox.remove(drop.id)).statusCode).toBe(204);
    for (let poll = 0; poll < 3; poll++) {
      expect((await memberInbox.list()).items.map((n) => n.title)).toEqual(['keep']);
    }
    const again = await memberInbox.remove(drop.id);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
  });

  it("never lets one person read or delete another's notification", async () => {
    await clear();
    await toUser(owner.user.id, 'private');
    const [mine] = (await ownerInbox.list()).items;
    for (const res of [await memberInbox.read(mine!.id), await memberInbox.remove(mine!.id)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOTIFICATION_NOT_FOUND' });
    }
    await memberInbox.readAll();
    expect((await ownerInbox.list()).items).toEqual([expect.objectContaining({ id: mine!.id, readAt: null })]);
    // A project notification read by one member stays unread for the other.
    await toProject('shared');
    const memberCopy = (await memberInbox.list({ group: `project:${projectId}` })).items[0]!;
    await memberInbox.read(memberCopy.id);
    expect((await ownerInbox.list({ group: `project:${projectId}` })).items[0]).toMatchObject({ readAt: null });
  });

  it('marks one read at the time of reading, and keeps that time when read again', async () => {
    await clear();
    await toUser(member.user.id, 'hello');
    const [item] = (await memberInbox.list()).items;
    const readAt = t.clock.now().toISOString();
    expect((await memberInbox.read(item!.id)).statusCode).toBe(204);
    t.clock.advance(60_000);
    expect((await memberInbox.read(item!.id)).statusCode).toBe(204);
    const page = await memberInbox.list();
    expect(page.items[0]).toMatchObject({ id: item!.id, readAt });
    expect(page.unread[0]).toMatchObject({ group: 'user', count: 0 });
    const missing = await memberInbox.read('00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });

  it('marks all read, or only one group', async () => {
    await clear();
    await toUser(member.user.id, 'mine');
    await toProject('ours');
    const counts = async () => (await memberInbox.list()).unread.map((u) => u.count);
    expect(await counts()).toEqual([1, 1]);
    expect((await memberInbox.readAll(`project:${projectId}`)).statusCode).toBe(204);
    expect(await counts()).toEqual([1, 0]);
    expect((await ownerInbox.list()).unread.find((u) => u.projectId === projectId)!.count).toBe(1);
    t.clock.advance(5000);
    await memberInbox.readAll();
    expect(await counts()).toEqual([0, 0]);
    const mine = (await memberInbox.list({ group: 'user' })).items[0]!;
    expect(mine.readAt).toBe(t.clock.now().toISOString());
  });

  it('pages by keyset through thousands of rows: disjoint, ordered, complete pages', async () => {
    const heavy = { user: await createUser(t, 'heavy@example.com') };
    const start = t.clock.now().getTime();
    // Bulk insert; every third pair shares a time, so the id breaks ties.
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      userId: heavy.user.id,
      group: 'user',
      title: `n${i}`,
      createdAt: new Date(start - Math.floor(i / 3) * 1000),
    }));
    for (let i = 0; i < rows.length; i += 1000)
      await db()
        .insert(notifications)
        .values(rows.slice(i, i + 1000));
    const heavyInbox = inbox(await signInAs(t, 'heavy@example.com'));
    const items = await heavyInbox.all();
    expect(items).toHaveLength(3000);
    expect(new Set(items.map((n) => n.id)).size).toBe(3000);
    for (let i = 1; i < items.length; i++) {
      const [a, b] = [items[i - 1]!, items[i]!];
      expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), `${i}`).toBe(true);
    }
    // A page far down costs a page: its token carries the place, not an offset.
    const page = await heavyInbox.list({ pageSize: 100 });
    const token = JSON.parse(Buffer.from(page.nextPageToken!.split('.')[0]!, 'base64url').toString());
    expect(Object.keys(token).sort()).toEqual(['at', 'id']);
    expect((await heavyInbox.list({ pageSize: 1 })).unread[0]!.count).toBe(3000);
  });

  describe('sent by a platform admin', () => {
    const send = (who: BearerUser, body: object) => who.call('POST', '/v1/admin/notifications', body);
    const audits = () =>
      auditEntries(db(), { operationId: 'sendNotification' }).then((rows) =>
        rows.sort((a, b) => a.at.getTime() - b.at.getTime()),
      );

    it('is refused to everyone else, and the refusal is audited', async () => {
      const res = await send(owner, { userId: member.user.id, title: 'Hi' });
      expect(res.statusCode).toBe(403);
      expect((await audits()).at(-1)).toMatchObject({ result: 'failure', status: 403, actorUserId: owner.user.id });
    });

    it('reaches one user, audited in the same transaction', async () => {
      await clear();
      const res = await send(admin, {
        userId: member.user.id,
        title: 'Maintenance tonight',
        body: 'From 22:00 UTC',
        action: { link: 'https://status.example.com/' },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({ recipients: 1 });
      expect((await memberInbox.list()).items[0]).toMatchObject({
        title: 'Maintenance tonight',
        body: 'From 22:00 UTC',
        group: 'user',
        action: { link: 'https://status.example.com/' },
      });
      expect((await audits()).at(-1)).toMatchObject({
        result: 'success',
        actorUserId: admin.user.id,
        target: `user:${member.user.id}`,
        details: { title: 'Maintenance tonight', push: false, recipients: 1 },
      });
      // Without push asked for, no job.
      expect(await queuedJobs(db(), PUSH_QUEUE)).toEqual([]);
    });

    it('reaches every member of a project', async () => {
      await clear();
      const res = await send(admin, { projectId, title: 'New plan prices' });
      expect(res.json()).toEqual({ recipients: 2 });
      expect((await ownerInbox.list()).items[0]).toMatchObject({ title: 'New plan prices', projectId });
      expect((await audits()).at(-1)).toMatchObject({ target: `project:${projectId}`, projectId });
    });

    it('answers 404 for a user or project that does not exist, and checks the request', async () => {
      const nobody = '00000000-0000-4000-8000-000000000000';
      const user = await send(admin, { userId: nobody, title: 'x' });
      expect(user.statusCode).toBe(404);
      expect(user.json()).toMatchObject({ code: 'USER_NOT_FOUND' });
      const project = await send(admin, { projectId: nobody, title: 'x' });
      expect(project.statusCode).toBe(404);
      expect(project.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
      expect((await send(admin, { userId: member.user.id, projectId, title: 'x' })).statusCode).toBe(400);
      expect((await send(admin, { userId: member.user.id, title: ' ' })).statusCode).toBe(400);
    });
  });

  describe('raised by project events', () => {
    it('tells a member their roles changed (not the one who changed them)', async () => {
      await clear();
      const res = await owner.call('PATCH', `/v1/projects/${projectId}/users/${member.user.id}`, {
        roles: ['admin'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await memberInbox.list()).items).toEqual([
        expect.objectContaining({
          group: 'user',
          title: 'Your roles in Shop changed',
          body: 'You now hold: Admin.',
          action: { route: { name: 'project.dashboard', params: {}, query: { project: projectId } } },
        }),
      ]);
      expect((await ownerInbox.list()).items).toEqual([]);
      // Saving the same roles changes nothing and says nothing.
      await owner.call('PATCH', `/v1/projects/${projectId}/users/${member.user.id}`, { roles: ['admin'] });
      expect((await memberInbox.list()).items).toHaveLength(1);
      await owner.call('PATCH', `/v1/projects/${projectId}/users/${member.user.id}`, { roles: ['member'] });
    });

    it('tells the project when someone accepts an invitation', async () => {
      await clear();
      const invited = await owner.call('POST', `/v1/projects/${projectId}/invites`, {
        email: 'newcomer@example.com',
        role: 'viewer',
      });
      expect(invited.statusCode).toBe(201);
      const [mail] = await outboxTo(db(), 'newcomer@example.com');
      const token = mail!.text.match(/accept-invite\/([\w-]+)/)![1]!;
      const newcomer = { user: await createUser(t, 'newcomer@example.com') };
      await setUserFields(db(), { id: newcomer.user.id }, { firstName: 'Nia', lastName: 'Newman' });
      const browser = await signInAs(t, 'newcomer@example.com');
      expect((await browser.get(`${USER_API}/accept-invite/${token}`)).json()).toMatchObject({ joined: true });

      const joined = {
        title: 'Nia Newman joined Shop',
        group: `project:${projectId}`,
        action: { route: { name: 'project.users.list', params: {}, query: { project: projectId } } },
      };
      expect((await ownerInbox.list()).items).toEqual([expect.objectContaining(joined)]);
      expect((await memberInbox.list()).items).toEqual([expect.objectContaining(joined)]);
      expect((await inbox(browser).list()).items).toEqual([]);
    });
  });

  describe('push subscriptions', () => {
    const subscription = (n: number) => ({
      endpoint: `https://push.example.com/send/${n}`,
      expirationTime: null,
      keys: { p256dh: `key-${n}`, auth: `auth-${n}` },
    });
    const save = (browser: TestBrowser, sub: object) =>
      browser.post(`${USER_API}/push/subscription`, { subscription: sub });
    const devices = (userId: string) =>
      db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

    it("keeps the browser's subscription, once per endpoint, for whoever saved it last", async () => {
      expect((await save(ownerBrowser, subscription(1))).statusCode).toBe(204);
      expect((await save(ownerBrowser, subscription(1))).statusCode).toBe(204);
      expect(await devices(owner.user.id)).toHaveLength(1);
      expect((await devices(owner.user.id))[0]!.subscription).toEqual(subscription(1));
      // The same browser, now signed in as someone else.
      await save(memberBrowser, subscription(1));
      expect(await devices(owner.user.id)).toHaveLength(0);
      expect(await devices(member.user.id)).toHaveLength(1);
    });

    it('keeps at most the newest few per person', async () => {
      const browser = outsiderBrowser;
      for (let n = 100; n < 100 + MAX_PUSH_DEVICES + 3; n++) {
        t.clock.advance(1000);
        await save(browser, subscription(n));
      }
      const kept = (await devices(outsider.user.id)).map((d) => d.endpoint).sort();
      expect(kept).toHaveLength(MAX_PUSH_DEVICES);
      expect(kept).not.toContain(subscription(100).endpoint);
      expect(kept).toContain(subscription(100 + MAX_PUSH_DEVICES + 2).endpoint);
    });

    it('refuses plain-http endpoints unless configured for a local receiver', async () => {
      const res = await save(ownerBrowser, { ...subscription(9), endpoint: 'http://127.0.0.1:9/push/x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PUSH_ENDPOINT_INSECURE' });
      expect(
        await db()
          .select()
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.endpoint, 'http://127.0.0.1:9/push/x'))),
      ).toEqual([]);
    });

    it('needs a session for every notification call', async () => {
      const anonymous = new TestBrowser(t.app);
      expect((await anonymous.get(NOTIFICATIONS)).statusCode).toBe(401);
      expect((await anonymous.get(`${USER_API}/push/key`)).statusCode).toBe(401);
      expect(
        (await anonymous.post(`${USER_API}/push/subscription`, { subscription: subscription(5) })).statusCode,
      ).toBe(401);
    });

    it('publishes one VAPID public key, made once and kept', async () => {
      const { publicKey } = (await ownerBrowser.get(`${USER_API}/push/key`)).json();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect((await ensureVapidKeys(db())).publicKey).toBe(publicKey);
    });
  });
});
