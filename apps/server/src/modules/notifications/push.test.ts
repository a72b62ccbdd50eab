import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deleteJobs, queuedJobs } from '../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import type { TestBrowser } from '../../test/accounts.js';
import { createUser, signInAs, USER_API } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { startPushReceiver, type PushReceiver, type ReceiverSubscription } from '../../test/push-receiver.js';
import { addMember } from '../access/service.js';
import { makeAdmin } from '../accounts/testing.js';
import { PUSH_QUEUE, PUSH_TTL_SECONDS } from './push.js';
import { notifications, pushSubscriptions } from './schema.js';

describe('device push, end to end against a loopback push service', () => {
  let t: TestApp;
  let receiver: PushReceiver;
  let admin: BearerUser;
  let member: BearerUser;
  let memberBrowser: TestBrowser;
  let publicKey: string;

  beforeAll(async () => {
    t = await createStartedTestApp({ config: { PUSH_ALLOW_HTTP: 'true' } });
    receiver = await startPushReceiver();
    admin = await bearerUser(t, 'boss@example.com');
    await makeAdmin(t.database.db, { id: admin.user.id });
    member = await bearerUser(t, 'member@example.com');
    memberBrowser = await signInAs(t, 'member@example.com');
    publicKey = (await memberBrowser.get(`${USER_API}/push/key`)).json().publicKey;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await deleteJobs(t.database.db);
    await t.database.db.delete(pushSubscriptions);
  });

  /** What the browser does after `pushManager.subscribe`. */
  async function subscribe(browser = memberBrowser): Promise<ReceiverSubscription> {
    const sub = receiver.subscribe();
    const res = await browser.post(`${USER_API}/push/subscription`, { subscription: sub });
    expect(res.statusCode, res.body).toBe(204);
    return sub;
  }
  const send = async (body: object) => {
    const res = await admin.call('POST', '/v1/admin/notifications', { push: true, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { recipients: number };
  };
  const pushJobs = () => queuedJobs(t.database.db, PUSH_QUEUE);

  it('encrypts and signs the notification for each device; the receiver decrypts it', async () => {
    const phone = await subscribe();
    const laptop = await subscribe();
    await send({
      userId: member.user.id,
      title: 'Payout sent',
      body: '€120.00 is on its way',
      image: 'https://cdn.example.com/payout.png',
      action: { link: 'https://example.com/payouts/1' },
    });
    // One job per device; nothing is sent until the queue runs.
    expect(await pushJobs()).toHaveLength(2);
    expect(receiver.messages(phone.id)).toEqual([]);

    expect(await t.app.services.jobs.runDue()).toBe(2);
    const [stored] = await t.database.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    for (const device of [phone, laptop]) {
      const messages = receiver.messages(device.id);
      expect(messages).toHaveLength(1);
      expect(messages[0]!.json).toEqual({
        id: stored!.id,
        group: 'user',
        title: 'Payout sent',
        body: '€120.00 is on its way',
        image: 'https://cdn.example.com/payout.png',
        action: { link: 'https://example.com/payouts/1' },
        url: 'https://example.com/payouts/1',
      });
      expect(messages[0]!.vapid).toMatchObject({
        publicKey,
        audience: receiver.url,
        subject: 'mailto:admin@wharf.local',
      });
      expect(messages[0]!.ttl).toBe(PUSH_TTL_SECONDS);
    }
    expect((await pushJobs()).map((j) => j.state)).toEqual(['done', 'done']);
  });

  it("reaches a project's members' devices, and a route action opens the console", async () => {
    const owner = await bearerUser(t, 'owner@example.com');
    const projectId = (await createProjectAs(owner, 'Shop')).id;
    await addMember(t.database.db, projectId, member.user.id, 'member');
    const device = await subscribe();
    // The owner has no device: their copy costs no job.
    expect(await send({ projectId, title: 'Stock low', action: { route: { name: 'project.dashboard' } } })).toEqual({
      recipients: 2,
    });
    expect(await pushJobs()).toHaveLength(1);
    await t.app.services.jobs.runDue();
    expect(receiver.messages(device.id).at(-1)!.json).toMatchObject({
      title: 'Stock low',
      group: `project:${projectId}`,
      action: { route: { name: 'project.dashboard', params: {}, query: {} } },
      url: 'http://localhost:3000/',
    });
  });

  it('drops a subscription the push service says is gone (410), without retrying', async () => {
    const gone = await subscribe();
    const alive = await subscribe();
    receiver.failWith(gone.id, 410);
    await send({ userId: member.user.id, title: 'Anyone there?' });
    expect(await t.app.services.jobs.runDue()).toBe(2);

    expect(receiver.messages(gone.id)).toEqual([]);
    expect(receiver.messages(alive.id)).toHaveLength(1);
    const endpoints = (await t.database.db.select().from(pushSubscriptions)).map((s) => s.endpoint);
    expect(endpoints).toEqual([alive.endpoint]);
    expect((await pushJobs()).map((j) => [j.state, j.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
  });

  it('retries after a server error (500) with back-off, then delivers once', async () => {
    const device = await subscribe();
    receiver.failWith(device.id, 500);
    await send({ userId: member.user.id, title: 'Eventually' });
    expect(await t.app.services.jobs.runDue()).toBe(1);
    let [job] = await pushJobs();
    expect(job).toMatchObject({ state: 'queued', attempts: 1 });
    expect(job!.lastError).toContain('500');
    expect(job!.runAt.getTime()).toBeGreaterThan(t.clock.now().getTime());

    receiver.failWith(device.id, null);
    // Not before its time, even though the service is back.
    expect(await t.app.services.jobs.runDue()).toBe(0);
    t.clock.set(job!.runAt);
    expect(await t.app.services.jobs.runDue()).toBe(1);
    [job] = await pushJobs();
    expect(job).toMatchObject({ state: 'done', attempts: 2 });
    expect(receiver.messages(device.id).map((m) => (m.json as { title: string }).title)).toEqual(['Eventually']);
    expect(await t.database.db.select().from(pushSubscriptions)).toHaveLength(1);
  });

  it('sends nothing for a notification deleted before its push ran', async () => {
    const device = await subscribe();
    await send({ userId: member.user.id, title: 'Never mind' });
    const [stored] = await t.database.db.select().from(notifications).where(eq(notifications.title, 'Never mind'));
    expect((await memberBrowser.request('DELETE', `${USER_API}/notifications/${stored!.id}`)).statusCode).toBe(204);
    await t.app.services.jobs.runDue();
    expect(receiver.messages(device.id)).toEqual([]);
    expect((await pushJobs())[0]).toMatchObject({ state: 'done' });
  });

  it('sends nothing to a browser that another person has signed in to since', async () => {
    const device = await subscribe();
    await send({ userId: member.user.id, title: 'For the member only' });
    // The same browser, now signed in as a colleague, saves its subscription again.
    await createUser(t, 'colleague@example.com');
    const colleague = await signInAs(t, 'colleague@example.com');
    expect((await colleague.post(`${USER_API}/push/subscription`, { subscription: device })).statusCode).toBe(204);
    await t.app.services.jobs.runDue();
    expect(receiver.messages(device.id)).toEqual([]);
  });

  it('runs with the worker of a started app, without anyone calling runDue', async () => {
    const device = await subscribe();
    t.app.services.jobs.start();
    try {
      await send({ userId: member.user.id, title: 'By the worker' });
      const deadline = Date.now() + 10_000;
      while (receiver.messages(device.id).length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await t.app.services.jobs.stop();
    }
    expect(receiver.messages(device.id).map((m) => (m.json as { title: string }).title)).toEqual(['By the worker']);
  });
});

describe('the loopback push receiver', () => {
  it('refuses pushes without a valid VAPID signature and to unknown endpoints', async () => {
    const receiver = await startPushReceiver();
    try {
      const sub = receiver.subscribe();
      const unsigned = await fetch(sub.endpoint, {
        method: 'POST',
        body: 'x',
        headers: { 'content-encoding': 'aes128gcm' },
      });
      expect(unsigned.status).toBe(401);
      const unknown = await fetch(`${receiver.url}/push/nope`, { method: 'POST', body: 'x' });
      expect(unknown.status).toBe(404);
      expect(receiver.messages()).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('a push endpoint on a loopback or private address', () => {
  it('is never called without the allow-list: the job fails and retries, and nothing reaches it', async () => {
    // As deployed: OUTBOUND_ALLOW_HOSTS empty (plain http accepted only to get past the scheme check).
    const t = await createStartedTestApp({ config: { PUSH_ALLOW_HTTP: 'true', OUTBOUND_ALLOW_HOSTS: '' } });
    const receiver = await startPushReceiver();
    let reached = 0;
    const counter = createServer((_req, res) => res.end());
    counter.on('connection', () => (reached += 1));
    await new Promise<void>((resolve) => counter.listen(0, '::', resolve));
    const port = (counter.address() as AddressInfo).port;
    try {
      const admin = await bearerUser(t, 'boss@example.com');
      await makeAdmin(t.database.db, { id: admin.user.id });
      const browser = await signInAs(t, 'boss@example.com');
      const endpoints = [
        receiver.subscribe().endpoint,
        `http://[::1]:${port}/push/a`,
        `http://[::ffff:127.0.0.1]:${port}/push/b`,
        `http://localhost:${port}/push/c`,
        'http://169.254.169.254/latest/meta-data/',
        'http://10.0.0.1/push/d',
      ];
      for (const endpoint of endpoints) {
        const subscription = { ...receiver.subscribe(), endpoint };
        const res = await browser.post(`${USER_API}/push/subscription`, { subscription });
        expect(res.statusCode, res.body).toBe(204);
      }
      const sent = await admin.call('POST', '/v1/admin/notifications', {
        push: true,
        userId: admin.user.id,
        title: 'Anyone inside?',
      });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await t.app.services.jobs.runDue()).toBe(endpoints.length);
      const pushes = await queuedJobs(t.database.db, PUSH_QUEUE);
      expect(pushes.map((j) => [j.state, j.lastError])).toEqual(
        endpoints.map(() => ['queued', expect.stringMatching(/could not connect/)]),
      );
      expect(receiver.messages()).toEqual([]);
      expect(reached).toBe(0);
    } finally {
      counter.closeAllConnections();
      await new Promise((resolve) => counter.close(resolve));
      await receiver.close();
      await t.close();
    }
  });
});
