import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { installFlows, publishedFlow } from '../../test/flows.js';
import { makeDraft, makeMailingList, subscribe, testLinks } from '../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { anOrder, projectKey, storefrontBase } from '../../test/storefront.js';
import { DEFERRAL_DELAYS_S, MAX_DEFERRALS } from '../mail/deferrals.js';
import { flowRuns, flowSends, flowVersions } from './schema.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('flow runs: triggers, steps and sends', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let owner: BearerUser;
  let shop: Awaited<ReturnType<typeof projectKey>>;
  let project: string;
  let base: string;
  let hello: string;
  let later: string;

  /** Mails the sink took for this address with this subject (confirmations and others left out). */
  const mailsTo = (to: string, subject: string) =>
    smtp.received.filter((mail) => mail.to.includes(to) && mail.data.includes(`Subject: ${subject}`));
  const advance = async (ms: number) => {
    t.clock.advance(ms);
    await owner.refresh();
  };
  const runJobs = () => t.app.services.jobs.runDue();
  const flow = async (body: { name: string; trigger: unknown; steps: unknown[] }) =>
    publishedFlow(owner, project, body);
  /** A live flow that mails Hello, then A little later, to whoever joins a new list of this name. */
  const twoMailFlow = async (name: string) => {
    const list = (await makeMailingList(owner, project, { name })).id;
    const made = await flow({
      name,
      trigger: { kind: 'joinedList', listId: list },
      steps: [
        { id: 'first', kind: 'send', draftId: hello },
        { id: 'second', kind: 'send', draftId: later },
      ],
    });
    return { list, flow: made };
  };
  const getFlow = async (id: string) => (await owner.call('GET', `/v1/flows/${id}?project=${project}`)).json() as Json;
  const kinds = async (subscriberId: string) =>
    (
      (await owner.call('GET', `/v1/mail/subscribers/${subscriberId}/events?project=${project}`)).json() as Json
    ).items.map((e: Json) => `${e.kind}${e.detail ? `:${e.detail}` : ''}`);
  const order = async (email: string) => {
    const res = await shop.call(
      'POST',
      `${base}/orders?project=${project}`,
      anOrder({ customer: { email, name: 'Buyer' } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createStartedTestApp({ config: { SMTP_URL: smtp.url } });
    owner = await bearerUser(t, 'owner@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    await installFlows(owner, project);
    base = await storefrontBase(t, project);
    shop = await projectKey(t, owner, project, ['orders.create']);
    hello = (
      await makeDraft(owner, project, {
        name: 'Hello',
        subject: 'Hello {{ subscriber.first_name }}',
        markdown: 'Welcome aboard.',
      })
    ).id;
    later = (await makeDraft(owner, project, { name: 'Later', subject: 'A little later', markdown: 'Still here?' })).id;
  });
  afterAll(async () => {
    // Confirmation mails are flushed after their commit: let the last flush end before the database closes.
    await t.app.services.mail.flush();
    await t.close();
    await smtp.close();
  });

  it('welcome flow: a subscriber who confirms on the list gets the first mail once, with one-click unsubscribe', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Welcome list', optIn: 'double' })).id;
    const welcome = await flow({
      name: 'Welcome',
      trigger: { kind: 'joinedList', listId: list },
      steps: [{ id: 'hello', kind: 'send', draftId: hello }],
    });
    const ada = await subscribe(owner, project, { email: 'ada@example.com', name: 'Ada Lovelace', lists: [list] });
    expect(ada.status).toBe('unconfirmed');
    await runJobs();
    // Not subscribed yet: not in the flow.
    expect(mailsTo('ada@example.com', 'Hello Ada')).toHaveLength(0);
    expect((await getFlow(welcome.id)).runs.active).toBe(0);

    const links = await testLinks(t);
    const token = links.sign({ subscriberId: ada.id, projectId: project, purpose: 'confirm' });
    const confirmed = await t.app.inject({ method: 'POST', url: '/v1/mail/subscriptions/confirm', payload: { token } });
    expect(confirmed.json().status).toBe('subscribed');
    expect((await getFlow(welcome.id)).runs.active).toBe(1);
    await runJobs();
    await runJobs();
    const mails = mailsTo('ada@example.com', 'Hello Ada');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.data).toMatch(/List-Unsubscribe:\s+<http[^>]+\/v1\/mail\/subscriptions\/unsubscribe\?token=/);
    expect(mails[0]!.data).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(await getFlow(welcome.id)).toMatchObject({ runs: { active: 0, completed: 1, exited: 0 } });
    expect((await kinds(ada.id)).slice(0, 3)).toEqual(['sent:Welcome', 'flow_entered:Welcome', 'confirmed']);

    // Following the link again enters nobody twice.
    await t.app.inject({ method: 'POST', url: '/v1/mail/subscriptions/confirm', payload: { token } });
    await runJobs();
    expect(mailsTo('ada@example.com', 'Hello Ada')).toHaveLength(1);
    await owner.call('PATCH', `/v1/flows/${welcome.id}?project=${project}`, { status: 'paused' });
  });

  it('waits, then ends a run whose condition fails and mails the one whose holds', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Conditional' })).id;
    const waiting = await flow({
      name: 'Wait and check',
      trigger: { kind: 'joinedList', listId: list },
      steps: [
        { id: 'pause', kind: 'wait', amount: 2, unit: 'days' },
        { id: 'women', kind: 'condition', conditions: [{ field: 'gender', mode: 'include', value: 'female' }] },
        { id: 'later', kind: 'send', draftId: later },
      ],
    });
    await subscribe(owner, project, { email: 'ann@example.com', name: 'Ann', gender: 'female', lists: [list] });
    await subscribe(owner, project, { email: 'bob@example.com', name: 'Bob', gender: 'male', lists: [list] });
    await runJobs();
    // Both wait in the wait step, and are counted there.
    expect(await getFlow(waiting.id)).toMatchObject({ runs: { active: 2 }, atStep: { pause: 2, women: 0, later: 0 } });
    await advance(DAY);
    await runJobs();
    expect(mailsTo('ann@example.com', 'A little later')).toHaveLength(0);
    await advance(DAY + 1000);
    await runJobs();
    expect(mailsTo('ann@example.com', 'A little later')).toHaveLength(1);
    expect(mailsTo('bob@example.com', 'A little later')).toHaveLength(0);
    expect((await getFlow(waiting.id)).runs).toEqual({ active: 0, completed: 1, exited: 1 });
    const [exited] = await t.database.db
      .select({ reason: flowRuns.exitReason })
      .from(flowRuns)
      .where(and(eq(flowRuns.flowId, waiting.id), eq(flowRuns.status, 'exited')));
    expect(exited!.reason).toBe('condition:women');
    await owner.call('PATCH', `/v1/flows/${waiting.id}?project=${project}`, { status: 'paused' });
  });

  it("first order: a subscriber's first purchase enters them, a second does not", async () => {
    const first = await flow({
      name: 'Thanks',
      trigger: { kind: 'firstOrder' },
      steps: [{ id: 's', kind: 'send', draftId: later }],
    });
    await subscribe(owner, project, { email: 'cleo@example.com', name: 'Cleo' });
    await order('cleo@example.com');
    await runJobs();
    await order('Cleo@example.com');
    await runJobs();
    expect(mailsTo('cleo@example.com', 'A little later')).toHaveLength(1);
    expect((await getFlow(first.id)).runs.completed).toBe(1);
    await owner.call('PATCH', `/v1/flows/${first.id}?project=${project}`, { status: 'paused' });
  });

  it('order fulfilled: each completed order enters its buyer once', async () => {
    const fulfilled = await flow({
      name: 'Shipped',
      trigger: { kind: 'orderFulfilled' },
      steps: [{ id: 's', kind: 'send', draftId: hello }],
    });
    await subscribe(owner, project, { email: 'dora@example.com', name: 'Dora' });
    const ship = async () => {
      const placed = await order('dora@example.com');
      const res = await owner.call('PATCH', `${base}/fulfillments/${placed.fulfillments[0].id}?project=${project}`, {
        status: 'shipped',
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await order('dora@example.com');
    await runJobs();
    expect(mailsTo('dora@example.com', 'Hello Dora')).toHaveLength(0);
    await ship();
    await ship();
    await runJobs();
    expect(mailsTo('dora@example.com', 'Hello Dora')).toHaveLength(2);
    expect((await getFlow(fulfilled.id)).runs.completed).toBe(2);
    await owner.call('PATCH', `/v1/flows/${fulfilled.id}?project=${project}`, { status: 'paused' });
  });

  it('no purchase for N days: the hourly job enters the lapsed, once per lapse', async () => {
    await subscribe(owner, project, { email: 'eve@example.com', name: 'Eve' });
    await subscribe(owner, project, { email: 'never@example.com', name: 'Never' });
    await order('eve@example.com');
    const lapsed = await flow({
      name: 'Miss you',
      trigger: { kind: 'noPurchase', days: 30 },
      steps: [{ id: 's', kind: 'send', draftId: later }],
    });
    await advance(29 * DAY);
    await runJobs();
    expect(mailsTo('eve@example.com', 'A little later')).toHaveLength(0);
    await advance(DAY + HOUR);
    await runJobs();
    expect(mailsTo('eve@example.com', 'A little later')).toHaveLength(1);
    expect(mailsTo('never@example.com', 'A little later')).toHaveLength(0);
    await advance(2 * HOUR);
    await runJobs();
    expect(mailsTo('eve@example.com', 'A little later')).toHaveLength(1);
    // A later order, then a new lapse: they enter again.
    await order('eve@example.com');
    await advance(31 * DAY);
    await runJobs();
    expect(mailsTo('eve@example.com', 'A little later')).toHaveLength(2);
    const eves = await t.database.db
      .select({ key: flowRuns.entryKey })
      .from(flowRuns)
      .where(eq(flowRuns.flowId, lapsed.id));
    expect(eves.length).toBeGreaterThanOrEqual(2);
    await owner.call('PATCH', `/v1/flows/${lapsed.id}?project=${project}`, { status: 'paused' });
  });

  it('a crash between recording a send and handing it over mails nobody twice', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Crashy' })).id;
    const crashy = await flow({
      name: 'Crashy',
      trigger: { kind: 'joinedList', listId: list },
      steps: [{ id: 's', kind: 'send', draftId: later }],
    });
    const mail = t.app.services.mail;
    const crash = vi.spyOn(mail, 'sendBatch').mockRejectedValueOnce(new Error('the process died'));
    const fay = await subscribe(owner, project, { email: 'fay@example.com', name: 'Fay', lists: [list] });
    await runJobs();
    expect(crash).toHaveBeenCalledTimes(1);
    crash.mockRestore();
    // The job is tried again, later: the send was recorded and the run moved on, so nothing goes.
    await advance(HOUR);
    await runJobs();
    expect(mailsTo('fay@example.com', 'A little later')).toHaveLength(0);
    const sends = () =>
      t.database.db
        .select({ status: flowSends.status })
        .from(flowSends)
        .innerJoin(flowRuns, eq(flowRuns.id, flowSends.runId))
        .where(eq(flowRuns.subscriberId, fay.id));
    expect(await sends()).toEqual([{ status: 'failed' }]);
    expect((await getFlow(crashy.id)).runs.completed).toBe(1);
    await owner.call('PATCH', `/v1/flows/${crashy.id}?project=${project}`, { status: 'paused' });
  });

  it('a run stays on the version it entered while v2 is published, and a paused flow waits', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Versioned' })).id;
    const versioned = await flow({
      name: 'Versioned',
      trigger: { kind: 'joinedList', listId: list },
      steps: [
        { id: 'pause', kind: 'wait', amount: 1, unit: 'days' },
        { id: 'v1', kind: 'send', draftId: hello },
      ],
    });
    await subscribe(owner, project, { email: 'gus@example.com', name: 'Gus', lists: [list] });
    await runJobs();
    const put = await owner.call('PUT', `/v1/flows/${versioned.id}/draft?project=${project}`, {
      trigger: { kind: 'joinedList', listId: list },
      steps: [{ id: 'v2', kind: 'send', draftId: later }],
    });
    expect(put.statusCode, put.body).toBe(200);
    const published = await owner.call('POST', `/v1/flows/${versioned.id}/draft/publish?project=${project}`);
    expect(published.json().liveVersion).toBe(2);
    await subscribe(owner, project, { email: 'hal@example.com', name: 'Hal', lists: [list] });
    await runJobs();
    expect(mailsTo('hal@example.com', 'A little later')).toHaveLength(1);

    // Paused, Gus's wait ends but nothing moves; resumed, he gets version 1's mail.
    await owner.call('PATCH', `/v1/flows/${versioned.id}?project=${project}`, { status: 'paused' });
    await advance(DAY + 1000);
    await runJobs();
    expect(mailsTo('gus@example.com', 'Hello Gus')).toHaveLength(0);
    expect((await getFlow(versioned.id)).runs.active).toBe(1);
    await owner.call('PATCH', `/v1/flows/${versioned.id}?project=${project}`, { status: 'active' });
    await runJobs();
    expect(mailsTo('gus@example.com', 'Hello Gus')).toHaveLength(1);
    expect(mailsTo('gus@example.com', 'A little later')).toHaveLength(0);
  });

  it('ends a run that cannot go on alone: the other runs of the batch still go on and mail', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Broken and fine' })).id;
    const send = [{ id: 'one', kind: 'send', draftId: later }];
    const broken = await flow({ name: 'Broken', trigger: { kind: 'joinedList', listId: list }, steps: send });
    const fine = await flow({ name: 'Fine', trigger: { kind: 'joinedList', listId: list }, steps: send });
    // A published mail that is gone (as if its version were damaged): composing it throws.
    await t.database.db.update(flowVersions).set({ mails: {} }).where(eq(flowVersions.flowId, broken.id));
    await subscribe(owner, project, { email: 'jo@example.com', name: 'Jo', lists: [list] });
    await runJobs();
    expect(mailsTo('jo@example.com', 'A little later')).toHaveLength(1);
    expect((await getFlow(fine.id)).runs).toEqual({ active: 0, completed: 1, exited: 0 });
    expect((await getFlow(broken.id)).runs).toEqual({ active: 0, completed: 0, exited: 1 });
    const [run] = await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, broken.id));
    expect(run!.exitReason).toMatch(/^error: /);
  });

  it('exits a run whose subscriber unsubscribed before the send', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Leavers' })).id;
    const leavers = await flow({
      name: 'Leavers',
      trigger: { kind: 'joinedList', listId: list },
      steps: [
        { id: 'pause', kind: 'wait', amount: 1, unit: 'hours' },
        { id: 's', kind: 'send', draftId: later },
      ],
    });
    const ivy = await subscribe(owner, project, { email: 'ivy@example.com', name: 'Ivy', lists: [list] });
    await runJobs();
    const links = await testLinks(t);
    const token = links.sign({ subscriberId: ivy.id, projectId: project, purpose: 'unsubscribe' });
    const left = await t.app.inject({
      method: 'POST',
      url: `/v1/mail/subscriptions/unsubscribe?token=${token}`,
      payload: {},
    });
    expect(left.statusCode, left.body).toBe(200);
    await advance(2 * HOUR);
    await runJobs();
    expect(mailsTo('ivy@example.com', 'A little later')).toHaveLength(0);
    expect((await getFlow(leavers.id)).runs).toEqual({ active: 0, completed: 0, exited: 1 });
  });

  it('a mail the relay puts off (451) is not lost: the run comes back to its send step and mails once', async () => {
    const { list, flow: deferred } = await twoMailFlow('Deferred');
    smtp.refuse((address) => address === 'kit@example.com', 451);
    try {
      await subscribe(owner, project, { email: 'kit@example.com', name: 'Kit', lists: [list] });
      await runJobs();
      expect(mailsTo('kit@example.com', 'Hello Kit')).toHaveLength(0);
      // Back at its first send, due again after the first wait; nothing recorded as failed.
      const [run] = await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, deferred.id));
      expect(run).toMatchObject({ status: 'active', stepIndex: 0, exitReason: null });
      expect(run!.nextAt!.getTime() - t.clock.now().getTime()).toBe(DEFERRAL_DELAYS_S[0]! * 1000);
      const sends = await t.database.db.select().from(flowSends).where(eq(flowSends.runId, run!.id));
      expect(sends.map((send) => [send.stepId, send.status, send.deferrals]).sort()).toEqual([
        ['first', 'deferred', 1],
        ['second', 'deferred', 1],
      ]);
    } finally {
      smtp.refuse(undefined);
    }
    await advance(DEFERRAL_DELAYS_S[0]! * 1000);
    await runJobs();
    expect(mailsTo('kit@example.com', 'Hello Kit')).toHaveLength(1);
    expect(mailsTo('kit@example.com', 'A little later')).toHaveLength(1);
    expect((await getFlow(deferred.id)).runs).toEqual({ active: 0, completed: 1, exited: 0 });
    await owner.call('PATCH', `/v1/flows/${deferred.id}?project=${project}`, { status: 'paused' });
  });

  it('a mail the relay keeps putting off fails after a few tries, and the run then ends as done', async () => {
    const { list, flow: full } = await twoMailFlow('Always full');
    smtp.refuse((address) => address === 'lou@example.com', 452);
    try {
      await subscribe(owner, project, { email: 'lou@example.com', name: 'Lou', lists: [list] });
      for (let attempt = 0; attempt < MAX_DEFERRALS; attempt++) {
        await runJobs();
        await advance(5 * HOUR);
      }
    } finally {
      smtp.refuse(undefined);
    }
    await runJobs();
    const [run] = await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, full.id));
    const sends = await t.database.db.select().from(flowSends).where(eq(flowSends.runId, run!.id));
    expect(sends.map((send) => [send.stepId, send.status, send.deferrals]).sort()).toEqual([
      ['first', 'failed', MAX_DEFERRALS],
      ['second', 'failed', MAX_DEFERRALS],
    ]);
    expect(mailsTo('lou@example.com', 'A little later')).toHaveLength(0);
    expect((await getFlow(full.id)).runs).toEqual({ active: 0, completed: 1, exited: 0 });
    await owner.call('PATCH', `/v1/flows/${full.id}?project=${project}`, { status: 'paused' });
  });

  it('no purchase takes people as they lapse, not those who lapsed long before the flow went live', async () => {
    await subscribe(owner, project, { email: 'olga@example.com', name: 'Olga' });
    await order('olga@example.com');
    await advance(40 * DAY);
    const lapsing = await flow({
      name: 'Lapsing',
      trigger: { kind: 'noPurchase', days: 30 },
      steps: [{ id: 's', kind: 'send', draftId: later }],
    });
    await advance(2 * HOUR);
    await runJobs();
    expect(mailsTo('olga@example.com', 'A little later')).toHaveLength(0);
    // Her next lapse, after a new order, is the flow's.
    await order('olga@example.com');
    await advance(30 * DAY + 2 * HOUR);
    await runJobs();
    expect(mailsTo('olga@example.com', 'A little later')).toHaveLength(1);
    await owner.call('PATCH', `/v1/flows/${lapsing.id}?project=${project}`, { status: 'paused' });
  });

  it('a first order by someone not yet confirmed enters no first-order flow', async () => {
    const list = (await makeMailingList(owner, project, { name: 'Double', optIn: 'double' })).id;
    const first = await flow({
      name: 'First order only subscribed',
      trigger: { kind: 'firstOrder' },
      steps: [{ id: 's', kind: 'send', draftId: later }],
    });
    const pending = await subscribe(owner, project, { email: 'pat@example.com', name: 'Pat', lists: [list] });
    expect(pending.status).toBe('unconfirmed');
    await order('pat@example.com');
    await runJobs();
    expect(await t.database.db.select().from(flowRuns).where(eq(flowRuns.flowId, first.id))).toEqual([]);
    await owner.call('PATCH', `/v1/flows/${first.id}?project=${project}`, { status: 'paused' });
  });
});
