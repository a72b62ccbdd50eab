import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../../core/clock.js';
import type { DatabaseHandle } from '../../core/db/database.js';
import { createTestDatabase } from '../../test/database.js';
import { mailOutbox } from './schema.js';
import { MailService } from './service.js';

interface Received {
  from: string;
  to: string[];
  data: string;
}

describe('mail delivery over SMTP', () => {
  let database: DatabaseHandle;
  let smtp: SMTPServer;
  let port: number;
  const received: Received[] = [];
  let refuse = false;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onRcptTo(_address, _session, callback) {
        callback(refuse ? new Error('mailbox unavailable') : undefined);
      },
      onData(stream, session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await database.close();
  });

  const service = () =>
    new MailService(database.db, createTestClock(), {
      smtpUrl: `smtp://127.0.0.1:${port}`,
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
    refuse = true;
    const mail = service();
    await database.db.transaction((tx) => mail.enqueue(tx, { to: 'bounce@example.com', subject: 'Hello', text: 'hi' }));
    await mail.flush();
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounce@example.com'));
    expect(row!.sentAt).toBeNull();
    expect(row!.lastError).toMatch(/mailbox unavailable/);
    refuse = false;
    await mail.flush();
    const [after] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bounce@example.com'));
    expect(after!.sentAt).not.toBeNull();
  });
});
