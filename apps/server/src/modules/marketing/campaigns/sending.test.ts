import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../../core/audit/read.js';
import { jobsOfQueue } from '../../../core/jobs/inspect.js';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { installMarketing, makeDraft, testLinks } from '../../../test/marketing.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../../test/projects.js';
import { readableMail as readable, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink.js';
import { addMembers, assignRole, insertRole } from '../../access/testing.js';
import {
  marketingCampaignRecipients,
  marketingCampaigns,
  marketingSubscriberEvents,
  marketingSubscribers,
} from '../schema.js';
import { INTERRUPTED, NO_LONGER_SUBSCRIBED } from '../sending/recipient-rows.js';
import { DEFERRAL_DELAYS_S, MAX_DEFERRALS } from '../../mail/deferrals.js';
import { CANCELLED_BEFORE_RETRY, UNINSTALLED_FAILURE } from '../sending/send-control.js';
import { CAMPAIGN_SEND_QUEUE, runCampaignSend, type CampaignSendDeps } from '../sending/send-job.js';
import { campaignRow, insertDraft, insertList, insertSubscriber } from './testing.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const HOUR = 3_600_000;

describe('sending campaigns', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  let owner: BearerUser;
  let editor: BearerUser;
  let project: string;
  let other: string;
  let draft: string;
  let deps: CampaignSendDeps;

  const url = (path: string, projectId = project) => `/v1/mail/campaigns${path}?project=${projectId}`;
  const call = async (id: string, action: 'send' | 'pause' | 'cancel', as: BearerUser = owner) =>
    as.call('POST', url(`/${id}/${action}`));
  const ok = async (id: string, action: 'send' | 'pause' | 'cancel') => {
    const res = await call(id, action);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json;
  };
  const view = async (id: string) => (await owner.call('GET', url(`/${id}`))).json() as Json;
  /** Time passes (hours, for mails put off): the sign-ins are renewed, as the console would. */
  const later = async (ms: number) => {
    t.clock.advance(ms);
    await owner.refresh();
    await editor.refresh();
  };

  /** A list of `count` subscribed people (`<prefix><n>@example.com`) and a campaign to it with the draft. */
  const audience = async (prefix: string, count: number, extra: { draftId?: string | null } = {}) => {
    const now = t.clock.now();
    const list = await insertList(t.database.db, project, `List ${prefix}`, now);
    const emails: string[] = [];
    for (let i = 1; i <= count; i++) {
      emails.push(`${prefix}${i}@example.com`);
      await insertSubscriber(t.database.db, project, { email: emails.at(-1)!, lists: [list] }, now);
    }
    const res = await owner.call('POST', url(''), {
      name: `Campaign ${prefix}`,
      draftId: extra.draftId === undefined ? draft : extra.draftId,
      audience: { lists: [list] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: (res.json() as Json).id as string, emails, list };
  };
  /** A campaign to `count` people, sent through the queue while the relay puts off (451) `putOff`'s mail. */
  const sentPuttingOff = async (prefix: string, count: number, putOff: string) => {
    const made = await audience(prefix, count);
    smtp.refuse((address) => address === putOff, 451);
    try {
      await ok(made.id, 'send');
      await t.app.services.jobs.runDue();
    } finally {
      smtp.refuse(undefined);
    }
    return made;
  };
  const mailsTo = (emails: readonly string[]) => smtp.received.filter((m) => emails.includes(m.to[0]!));
  /** Who of `emails` got mail, once per mail, sorted: `emails` sorted when each got exactly one. */
  const mailedAddresses = (emails: readonly string[]) =>
    mailsTo(emails)
      .map((m) => m.to[0])
      .sort();
  /** The payload of the run the last send call started. */
  const payloadOf = async (id: string) => ({
    campaignId: id,
    run: (await campaignRow(t.database.db, id))!.updatedAt.toISOString(),
  });
  const rows = (id: string) =>
    t.database.db.select().from(marketingCampaignRecipients).where(eq(marketingCampaignRecipients.campaignId, id));

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createStartedTestApp({ config: { SMTP_URL: smtp.url } });
    owner = await bearerUser(t, 'owner@example.com');
    editor = await bearerUser(t, 'editor@example.com');
    project = (await createProjectAs(owner, 'Harbour Goods')).id;
    other = (await createProjectAs(owner, 'Other Shop')).id;
    await installMarketing(owner, project);
    await installMarketing(owner, other);
    // Writes drafts and campaigns, but may not send them.
    await addMembers(t.database.db, project, [editor.user.id], 'viewer');
    const role = await insertRole(t.database.db, {
      projectId: project,
      key: 'mail-editor',
      name: 'Mail editor',
      permissions: ['mail.read', 'mail.manage'],
    });
    await assignRole(t.database.db, { projectId: project, userId: editor.user.id, roleId: role.id });
    draft = (
      await makeDraft(owner, project, {
        name: 'June letter',
        subject: 'Hi {{ subscriber.first_name }}',
        markdown: 'Hello {{ subscriber.email }}, the [summer sale](https://shop.example/sale) is on.',
      })
    ).id;
    deps = {
      db: t.database.db,
      clock: t.clock,
      jobs: t.app.services.jobs,
      mail: t.app.services.mail,
      mailContext: async () => ({ senderName: 'Harbour Goods', projectName: 'Harbour Goods' }),
      links: () => testLinks(t),
      batchSize: 2,
    };
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails each of the audience once, personalised, in batches, with both unsubscribe headers and the link', async () => {
    const { id, emails, list } = await audience('ada', 5);
    // Not mailed: unsubscribed on the list, and subscribed but on no list of the audience.
    const now = t.clock.now();
    await insertSubscriber(
      t.database.db,
      project,
      { email: 'gone@example.com', status: 'unsubscribed', lists: [list] },
      now,
    );
    await insertSubscriber(t.database.db, project, { email: 'elsewhere@example.com' }, now);
    smtp.refuse((address) => address === 'ada5@example.com');
    try {
      const sent = await ok(id, 'send');
      expect(sent).toMatchObject({ status: 'sending', failure: null, stats: { recipients: 5, sent: 0 } });
      expect(sent.startedAt).toBe(t.clock.now().toISOString());
      await runCampaignSend(deps, await payloadOf(id));
      // The job the send call queued finds nothing more to do.
      await t.app.services.jobs.runDue();
    } finally {
      smtp.refuse(undefined);
    }

    const mails = mailsTo([...emails, 'gone@example.com', 'elsewhere@example.com']);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(emails.slice(0, 4));
    for (const mail of mails) {
      const text = readable(mail.data);
      const name = mail.to[0]!.split('@')[0]!;
      expect(text).toContain(`Subject: Hi ${name}`);
      expect(text).toContain(`Hello ${mail.to[0]}`);
      expect(text).toMatch(/List-Unsubscribe: <http:\/\/[^>]+\/v1\/mail\/subscriptions\/unsubscribe\?token=[\w-]+>/);
      expect(text).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      // The visible link, in the HTML and the plain text.
      expect(text.match(/\/mail\/unsubscribe\?token=/g)?.length).toBeGreaterThanOrEqual(2);
      expect(text).toContain('/v1/mail/track/click?token=');
      expect(text).toContain('/v1/mail/track/open?token=');
    }
    expect(await view(id)).toMatchObject({
      status: 'sent',
      finishedAt: t.clock.now().toISOString(),
      stats: { recipients: 5, sent: 5, delivered: 4, failed: 1, opened: 0, clicked: 0 },
    });
    const recorded = await rows(id);
    expect(recorded.filter((r) => r.status === 'sent')).toHaveLength(4);
    expect(recorded.find((r) => r.status === 'failed')?.error).toContain('mailbox unavailable');
    const events = await t.database.db
      .select()
      .from(marketingSubscriberEvents)
      .where(and(eq(marketingSubscriberEvents.campaignId, id), eq(marketingSubscriberEvents.kind, 'sent')));
    expect(events).toHaveLength(4);
    const [audit] = await auditEntries(t.database.db, { operationId: 'sendCampaign', target: `campaign:${id}` });
    expect(audit).toMatchObject({
      result: 'success',
      details: { name: 'Campaign ada', status: 'sending', recipients: 5 },
    });

    // A mail client follows the one-click List-Unsubscribe of a mail (RFC 8058): it counts in the figures.
    const header = readable(mails[0]!.data).match(/List-Unsubscribe: <([^>]+)>/)![1]!;
    const target = new URL(header);
    const res = await t.app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await view(id)).toMatchObject({ stats: { unsubscribed: 1 } });
  });

  it('after a crash between writing the rows and sending, resumes without mailing anyone twice', async () => {
    const { id, emails } = await audience('cy', 5);
    await ok(id, 'send');
    const payload = await payloadOf(id);
    let batches = 0;
    const crashing: CampaignSendDeps = {
      ...deps,
      onClaimed: () => {
        batches += 1;
        if (batches === 2) throw new Error('the worker died');
      },
    };
    await expect(runCampaignSend(crashing, payload)).rejects.toThrow('the worker died');
    expect(mailsTo(emails)).toHaveLength(2);
    expect((await rows(id)).filter((r) => r.status === 'sending')).toHaveLength(2);

    // The job's next attempt settles the cut batch as failed, never resent, and goes on.
    await runCampaignSend(deps, payload, 2);
    const mails = mailsTo(emails);
    expect(mails).toHaveLength(3);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(3);
    const recorded = await rows(id);
    expect(recorded.filter((r) => r.status === 'failed').map((r) => r.error)).toEqual([INTERRUPTED, INTERRUPTED]);
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { sent: 5, delivered: 3, failed: 2 } });
  });

  it('tries a mail the relay put off (451) again later, while the others go on, and mails it once', async () => {
    const { id, emails } = await audience('pa', 4);
    await ok(id, 'send');
    const payload = await payloadOf(id);
    smtp.refuse((address) => address === 'pa3@example.com', 451);
    try {
      await runCampaignSend(deps, payload);
    } finally {
      smtp.refuse(undefined);
    }
    expect(mailedAddresses(emails)).toEqual(['pa1@example.com', 'pa2@example.com', 'pa4@example.com']);
    const put = (await rows(id)).find((row) => row.status === 'deferred')!;
    expect(put).toMatchObject({ deferrals: 1, error: expect.stringContaining('try again later') });
    expect(put.retryAt!.getTime() - t.clock.now().getTime()).toBe(DEFERRAL_DELAYS_S[0]! * 1000);
    // Not counted yet, and not done: the next run waits for the retry.
    expect(await view(id)).toMatchObject({ status: 'sending', stats: { sent: 3, delivered: 3, failed: 0 } });
    const queued = await jobsOfQueue(t.database.db, CAMPAIGN_SEND_QUEUE, {
      state: 'queued',
      payload: { field: 'campaignId', value: id },
    });
    expect(queued.map((job) => job.runAt.getTime())).toContain(put.retryAt!.getTime());

    await later(DEFERRAL_DELAYS_S[0]! * 1000);
    await t.app.services.jobs.runDue();
    expect(mailedAddresses(emails)).toEqual([...emails].sort());
    expect(await view(id)).toMatchObject({
      status: 'sent',
      stats: { recipients: 4, sent: 4, delivered: 4, failed: 0 },
    });
  });

  it('counts a mail the relay keeps putting off as failed after a few tries, and the campaign still ends', async () => {
    const { id, emails } = await audience('pb', 5);
    smtp.refuse((address) => address === 'pb2@example.com', 452);
    try {
      await ok(id, 'send');
      for (let attempt = 0; attempt <= MAX_DEFERRALS; attempt++) {
        await t.app.services.jobs.runDue();
        await later(5 * HOUR);
      }
    } finally {
      smtp.refuse(undefined);
    }
    expect(mailedAddresses(emails)).toEqual(emails.filter((e) => e !== 'pb2@example.com').sort());
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { sent: 5, delivered: 4, failed: 1 } });
    const failed = (await rows(id)).find((row) => row.status === 'failed')!;
    expect(failed).toMatchObject({ deferrals: MAX_DEFERRALS, retryAt: null });
  });

  it('pauses with the reason when the relay is down on every attempt, and resumes to mail everyone once', async () => {
    const { id, emails } = await audience('qa', 3);
    // 421: the relay itself is closing, not putting off one recipient.
    smtp.refuse((address) => address.startsWith('qa'), 421);
    try {
      await ok(id, 'send');
      // Each attempt fails; the queue retries with its back-off until none are left.
      for (let attempt = 1; attempt <= 5; attempt++) {
        await t.app.services.jobs.runDue();
        await later(2 * HOUR);
      }
    } finally {
      smtp.refuse(undefined);
    }
    const paused = await view(id);
    expect(paused).toMatchObject({ status: 'paused', stats: { sent: 0, failed: 0 } });
    expect(paused.failure).toMatch(
      /^Sending was paused after repeated errors: The mail server did not take \d mails? for now \(.+\)\. Resume the campaign to go on from where it stopped\.$/,
    );
    expect(mailsTo(emails)).toHaveLength(0);
    // A relay that is down is not held against the recipients.
    expect((await rows(id)).map((row) => [row.status, row.deferrals])).toEqual(emails.map(() => ['deferred', 0]));

    const resumed = await ok(id, 'send');
    expect(resumed).toMatchObject({ status: 'sending', failure: null });
    await t.app.services.jobs.runDue();
    expect(mailedAddresses(emails)).toEqual([...emails].sort());
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { sent: 3, delivered: 3, failed: 0 } });
  });

  it('does not try again a put-off mail whose subscriber unsubscribed meanwhile', async () => {
    const { id, emails } = await sentPuttingOff('pd', 2, 'pd1@example.com');
    await t.database.db
      .update(marketingSubscribers)
      .set({ status: 'unsubscribed' })
      .where(eq(marketingSubscribers.email, 'pd1@example.com'));
    await later(HOUR);
    await t.app.services.jobs.runDue();
    expect(mailedAddresses(emails)).toEqual(['pd2@example.com']);
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { sent: 2, delivered: 1, failed: 1 } });
    expect((await rows(id)).find((row) => row.status === 'failed')?.error).toBe(NO_LONGER_SUBSCRIBED);
  });

  it('settles mails waiting to be tried again as failed when the campaign is cancelled', async () => {
    const { id, emails } = await sentPuttingOff('pc', 2, 'pc1@example.com');
    expect(mailsTo(emails)).toHaveLength(1);
    await ok(id, 'cancel');
    await later(HOUR);
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(1);
    expect(await view(id)).toMatchObject({ status: 'cancelled', stats: { sent: 2, delivered: 1, failed: 1 } });
    expect((await rows(id)).find((row) => row.status === 'failed')?.error).toBe(CANCELLED_BEFORE_RETRY);
  });

  it('pauses its sending campaigns when the Marketing module is uninstalled, to resume once it is back', async () => {
    const leaving = (await createProjectAs(owner, 'Leaving Shop')).id;
    await installMarketing(owner, leaving);
    const now = t.clock.now();
    const list = await insertList(t.database.db, leaving, 'Leaving list', now);
    await insertSubscriber(t.database.db, leaving, { email: 'ra1@example.com', lists: [list] }, now);
    const letter = (await makeDraft(owner, leaving, { name: 'Bye', subject: 'Bye', markdown: 'Bye.' })).id;
    const made = await owner.call('POST', url('', leaving), {
      name: 'Last one',
      draftId: letter,
      audience: { lists: [list] },
    });
    const id = (made.json() as Json).id as string;
    expect((await owner.call('POST', url(`/${id}/send`, leaving))).statusCode).toBe(200);

    const gone = await owner.call('DELETE', `/v1/projects/${leaving}/integrations/marketing`);
    expect(gone.statusCode, gone.body).toBeLessThan(300);
    expect(await campaignRow(t.database.db, id)).toMatchObject({ status: 'paused', failure: UNINSTALLED_FAILURE });
    await t.app.services.jobs.runDue();
    expect(mailsTo(['ra1@example.com'])).toHaveLength(0);

    // Back again (Customers stayed): the campaign resumes from where it stopped.
    expect((await owner.call('POST', `/v1/projects/${leaving}/integrations/marketing`)).statusCode).toBe(201);
    t.clock.advance(1000);
    const resumed = await owner.call('POST', url(`/${id}/send`, leaving));
    expect([resumed.statusCode, resumed.json().failure], resumed.body).toEqual([200, null]);
    await t.app.services.jobs.runDue();
    expect(mailsTo(['ra1@example.com'])).toHaveLength(1);
  });

  it('pauses mid-send after the batch on its way, and resumes where it stopped', async () => {
    const { id, emails } = await audience('di', 6);
    await ok(id, 'send');
    const pausing: CampaignSendDeps = {
      ...deps,
      onClaimed: async () => {
        if (mailsTo(emails).length === 0) expect((await call(id, 'pause')).statusCode).toBe(200);
      },
    };
    await runCampaignSend(pausing, await payloadOf(id));
    expect(mailsTo(emails)).toHaveLength(2);
    expect(await view(id)).toMatchObject({ status: 'paused', stats: { recipients: 6, sent: 2, delivered: 2 } });
    // Paused, its draft and audience are fixed; nothing is sent by the jobs still queued.
    const change = await owner.call('PATCH', url(`/${id}`), { draftId: null });
    expect([change.statusCode, change.json().code]).toEqual([409, 'CAMPAIGN_LOCKED']);
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(2);

    t.clock.advance(1000);
    expect(await ok(id, 'send')).toMatchObject({ status: 'sending', stats: { recipients: 6, sent: 2 } });
    await t.app.services.jobs.runDue();
    const mails = mailsTo(emails);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...emails].sort());
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { recipients: 6, sent: 6, delivered: 6 } });
  });

  it('cancels for good: nobody else is mailed, and a cancelled campaign cannot be sent, paused or cancelled', async () => {
    const { id, emails } = await audience('ed', 3);
    await ok(id, 'send');
    t.clock.advance(1000);
    const cancelled = await ok(id, 'cancel');
    expect(cancelled).toMatchObject({ status: 'cancelled', finishedAt: t.clock.now().toISOString() });
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(0);
    for (const action of ['send', 'pause', 'cancel'] as const) {
      const res = await call(id, action);
      expect([res.statusCode, res.json().code], res.body).toEqual([409, 'CAMPAIGN_LOCKED']);
      expect(res.json().message).toMatch(/^This campaign is cancelled: only .+ campaigns can be/);
    }
    const [audit] = await auditEntries(t.database.db, { operationId: 'cancelCampaign', target: `campaign:${id}` });
    expect(audit).toMatchObject({ result: 'success' });
  });

  it('ends a run after the batch on its way when the process stops, and the next run goes on from there', async () => {
    const { id, emails } = await audience('oa', 5);
    await ok(id, 'send');
    const stopping = new AbortController();
    // A deploy's SIGTERM arrives while the first batch is being mailed.
    const stopped: CampaignSendDeps = { ...deps, onClaimed: () => stopping.abort() };
    await runCampaignSend(stopped, await payloadOf(id), 1, stopping.signal);
    expect(mailsTo(emails)).toHaveLength(2);
    expect(await view(id)).toMatchObject({ status: 'sending', stats: { sent: 2, delivered: 2, failed: 0 } });

    await t.app.services.jobs.runDue();
    expect(mailedAddresses(emails)).toEqual([...emails].sort());
    expect(await view(id)).toMatchObject({ status: 'sent', stats: { recipients: 5, sent: 5, delivered: 5 } });
  });

  it('keeps to its rate: a run that used its share hands over to a job due when the rate allows', async () => {
    const { id, emails } = await audience('ga', 5);
    await ok(id, 'send');
    const payload = await payloadOf(id);
    await runCampaignSend({ ...deps, ratePerSecond: 2, sliceMs: 1000 }, payload);
    expect(mailsTo(emails)).toHaveLength(2);
    const next = await jobsOfQueue(t.database.db, CAMPAIGN_SEND_QUEUE, {
      state: 'queued',
      payload: { field: 'campaignId', value: id },
    });
    // The send call's job, and the one this run left for when the rate allows the next two.
    expect(next.map((job) => job.runAt.getTime() - t.clock.now().getTime()).sort()).toEqual([0, 1000]);
    expect(await view(id)).toMatchObject({ status: 'sending', stats: { sent: 2 } });
  });

  it('pauses with a sentence when its content stops rendering at send time, rather than failing over and over', async () => {
    const { id, emails } = await audience('ha', 2);
    await ok(id, 'send');
    const row = (await campaignRow(t.database.db, id))!;
    await t.database.db
      .update(marketingCampaigns)
      .set({ content: { ...row.content!, subject: 'Hi {{ subscriber.name ' } })
      .where(eq(marketingCampaigns.id, id));
    await runCampaignSend(deps, await payloadOf(id));
    expect(mailsTo(emails)).toHaveLength(0);
    const paused = await view(id);
    expect(paused.status).toBe('paused');
    expect(paused.failure).toMatch(/^The mail stopped rendering, so sending was paused: /);
  });

  it('refuses what cannot be sent, changing nothing: no draft, nobody to mail, a draft that does not parse', async () => {
    const noDraft = await audience('ia', 1, { draftId: null });
    const empty = await audience('ja', 0);
    const broken = await insertDraft(t.database.db, project, 'Broken', 'Hi {{ subscriber.name ', t.clock.now());
    const badDraft = await audience('ka', 1, { draftId: broken });
    const cases: [string, number, string, string][] = [
      [noDraft.id, 409, 'CAMPAIGN_NO_DRAFT', 'Choose the draft this campaign sends before sending it.'],
      [
        empty.id,
        409,
        'AUDIENCE_EMPTY',
        'Nobody is in this audience now: add subscribers to its lists or loosen its filters, then send it.',
      ],
      [badDraft.id, 400, 'TEMPLATE_INVALID', 'The subject does not parse'],
    ];
    for (const [id, status, code, message] of cases) {
      const before = await campaignRow(t.database.db, id);
      const res = await call(id, 'send');
      expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
      expect(res.json().message).toContain(message);
      expect(await campaignRow(t.database.db, id)).toEqual(before);
    }
    const sending = await audience('la', 1);
    await ok(sending.id, 'send');
    const again = await call(sending.id, 'send');
    expect([again.statusCode, again.json().message]).toEqual([
      409,
      'This campaign is sending: only draft or paused campaigns can be sent.',
    ]);
    const draftOne = await audience('ma', 1);
    const pause = await call(draftOne.id, 'pause');
    expect([pause.statusCode, pause.json().code]).toEqual([409, 'CAMPAIGN_LOCKED']);
  });

  it('needs mail.send, and answers another project’s campaign as unknown', async () => {
    const { id } = await audience('na', 1);
    for (const action of ['send', 'pause', 'cancel'] as const) {
      expect((await call(id, action, editor)).statusCode).toBe(403);
      const res = await owner.call('POST', url(`/${id}/${action}`, other));
      expect([res.statusCode, res.json().code]).toEqual([404, 'CAMPAIGN_NOT_FOUND']);
    }
    expect((await view(id)).status).toBe('draft');
  });

  // Last: it moves the clock past the sign-ins' lifetime.
  it('sends a scheduled campaign only when the clock reaches its time', async () => {
    const { id, emails } = await audience('fa', 2);
    const at = new Date(t.clock.now().getTime() + 2 * HOUR).toISOString();
    expect((await owner.call('PATCH', url(`/${id}`), { scheduledAt: at })).statusCode).toBe(200);
    expect(await ok(id, 'send')).toMatchObject({ status: 'scheduled', startedAt: null, scheduledAt: at });
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(0);

    t.clock.advance(HOUR);
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(0);
    t.clock.advance(HOUR);
    await t.app.services.jobs.runDue();
    expect(mailsTo(emails)).toHaveLength(2);
    // The owner's sign-in has expired by now: the row tells.
    expect(await campaignRow(t.database.db, id)).toMatchObject({
      status: 'sent',
      startedAt: new Date(at),
      recipients: 2,
      delivered: 2,
    });
  });
});
