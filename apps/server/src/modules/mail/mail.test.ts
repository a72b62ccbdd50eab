import { createServer, type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../core/clock.js';
import type { DatabaseHandle } from '../../core/db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../../test/smtp-sink.js';
import { mailOutbox } from './schema.js';
import { addressOf, MailService, notTakenForNow } from './service.js';

describe('mail delivery over SMTP', () => {
  let database: DatabaseHandle;
  let smtp: SmtpSink;
  let received: ReceivedMail[];

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpSink();
    received = smtp.received;
  });
  afterAll(async () => {
    await smtp.close();
    await database.close();
  });

  const service = () =>
    new MailService(database.db, createTestClock(), {
      smtpUrl: smtp.url,
      from: 'Wharf <no-reply@wharf.local>',
      log: () => undefined,
    });

  it('delivers queued mail after the commit and marks it sent', async () => {
    const mail = service();
    await database.db.transaction((tx) =>
      mail.enqueue(tx, {
        to: 'ops@example.com',
        subject: 'Reset your Wharf password',
        text: 'Choose a new password: https://x/y',
      }),
    );
    await mail.flush();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@wharf.local', to: ['ops@example.com'] });
    expect(received[0]!.data).toContain('Subject: Reset your Wharf password');
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ops@example.com'));
    expect(row!.sentAt).not.toBeNull();
    // Nothing is sent twice.
    await mail.flush();
    expect(received).toHaveLength(1);
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const mail = service();
    await expect(
      database.db.transaction(async (tx) => {
        await mail.enqueue(tx, { to: 'rollback@example.com', subject: 'Never', text: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mail.flush();
    expect(received.some((r) => r.to.includes('rollback@example.com'))).toBe(false);
  });

  it('keeps a refused mail unsent with the error, for a later attempt', async () => {
    smtp.refuse((address) => address === 'bounce@example.com');
    const mail = service();
    await database.db.transaction((tx) => mail.enqueue(tx, { to: 'bounce@example.com', subject: 'Hello', text: 'hi' }));
    await mail.flush();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounce@example.com'));
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    smtp.refuse(undefined);
    await mail.flush();
    const [after] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounce@example.com'));
    expect(after!.sentAt).not.toBeNull();
  });

  it('sends a batch through a pool of connections, each mail on its own, in the sender’s name with its headers', async () => {
    const mail = service();
    smtp.refuse((address) => address === 'full@example.com');
    const to = Array.from({ length: 30 }, (_, i) => `reader${i}@example.com`);
    const outcomes = await mail.sendBatch(
      [...to, 'full@example.com'].map((address) => ({
        to: address,
        subject: `Spring sale for ${address}`,
        text: 'Twenty per cent off.',
        html: '<p>Twenty per cent off.</p>',
        fromName: 'Harbour Goods',
        headers: {
          'List-Unsubscribe': `<https://console.example/v1/mail/subscriptions/unsubscribe?token=t-${address}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      })),
    );
    smtp.refuse(undefined);
    expect(outcomes.slice(0, 30).every((o) => o.ok)).toBe(true);
    expect(outcomes[30]).toMatchObject({ ok: false, error: expect.stringMatching(/mailbox unavailable/) });
    const got = received.filter((r) => r.data.includes('Subject: Spring sale'));
    expect(got.map((r) => r.to[0]).sort()).toEqual([...to].sort());
    const first = got.find((r) => r.to[0] === 'reader0@example.com')!;
    expect(first.from).toBe('no-reply@wharf.local');
    // Long headers are folded onto continuation lines (RFC 5322): read them unfolded.
    const headers = first.data.replace(/\r\n[ \t]+/g, ' ');
    expect(headers).toContain('From: Harbour Goods <no-reply@wharf.local>');
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(headers).toMatch(
      /List-Unsubscribe: <https:\/\/console\.example\/v1\/mail\/subscriptions\/unsubscribe\?token=t-reader0@example\.com>/,
    );
    // Bulk mail is the caller's record (a campaign's recipients), not the outbox's.
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'reader0@example.com'))).toEqual([]);
    mail.close();
  });
});

describe('what a relay put off', () => {
  const error = (fields: Record<string, unknown>) => Object.assign(new Error('failed'), fields);

  it('tells mail the relay surely did not take, for its recipient or for itself, from mail that may have left', () => {
    // Put off for the recipient: a 4xx on any command.
    expect(notTakenForNow(error({ code: 'EENVELOPE', responseCode: 451 }))).toBe('recipient');
    expect(notTakenForNow(error({ code: 'EMESSAGE', responseCode: 452 }))).toBe('recipient');
    // The relay itself: it closes (421), or the connection never reached a message.
    expect(notTakenForNow(error({ code: 'EENVELOPE', responseCode: 421 }))).toBe('relay');
    expect(notTakenForNow(error({ code: 'ECONNECTION', originalCode: 'ECONNREFUSED' }))).toBe('relay');
    expect(notTakenForNow(error({ code: 'ESOCKET', originalCode: 'ECONNREFUSED', command: 'CONN' }))).toBe('relay');
    expect(notTakenForNow(error({ code: 'EDNS' }))).toBe('relay');
    expect(notTakenForNow(error({ code: 'EAUTH', responseCode: 535 }))).toBe('relay');
    expect(notTakenForNow(error({ code: 'ETIMEDOUT', timeoutType: 'GREETING_TIMEOUT' }))).toBe('relay');
    // Final: refused for good, or lost mid-message (it may have been taken just before).
    expect(notTakenForNow(error({ code: 'EENVELOPE', responseCode: 550 }))).toBe(false);
    expect(notTakenForNow(error({ code: 'ECONNECTION' }))).toBe(false);
    expect(notTakenForNow(error({ code: 'ETIMEDOUT', timeoutType: 'SOCKET_TIMEOUT' }))).toBe(false);
    expect(notTakenForNow(error({ code: 'ESOCKET', originalCode: 'ECONNRESET' }))).toBe(false);
    expect(notTakenForNow('a string')).toBe(false);
  });

  it('marks a batch to a relay nobody listens on as put off, not failed', async () => {
    const database = await createTestDatabase();
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    try {
      const mail = new MailService(database.db, createTestClock(), {
        smtpUrl: `smtp://127.0.0.1:${closed}`,
        from: 'Wharf <no-reply@wharf.local>',
        log: () => undefined,
      });
      const outcomes = await mail.sendBatch([{ to: 'a@example.com', subject: 'Hi', text: 'hi' }]);
      expect(outcomes).toEqual([
        { ok: false, error: expect.stringContaining('ECONNREFUSED'), deferred: true, relayDown: true },
      ]);
      mail.close();
    } finally {
      await database.close();
    }
  });
});

describe('bulk mail without SMTP', () => {
  it('keeps a batch in the outbox with its sender name and headers', async () => {
    const database = await createTestDatabase();
    try {
      const mail = new MailService(database.db, createTestClock(), {
        smtpUrl: undefined,
        from: 'Wharf <no-reply@wharf.local>',
        log: () => undefined,
      });
      const outcomes = await mail.sendBatch([
        { to: 'a@example.com', subject: 'Hi', text: 'hi', fromName: 'Harbour Goods', headers: { 'X-Campaign': 'c1' } },
        { to: 'b@example.com', subject: 'Hi', text: 'hi' },
      ]);
      expect(outcomes).toEqual([{ ok: true }, { ok: true }]);
      const rows = await database.db.select().from(mailOutbox);
      expect(rows.map((r) => [r.to, r.fromName, r.headers])).toEqual([
        ['a@example.com', 'Harbour Goods', { 'X-Campaign': 'c1' }],
        ['b@example.com', null, null],
      ]);
    } finally {
      await database.close();
    }
  });

  it('reads the bare address of a named sender', () => {
    expect(addressOf('Wharf <no-reply@wharf.local>')).toBe('no-reply@wharf.local');
    expect(addressOf(' ops@example.com ')).toBe('ops@example.com');
  });
});
