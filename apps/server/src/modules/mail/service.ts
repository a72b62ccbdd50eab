import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { decodeTimePageToken, encodePageToken } from '../../core/pagination.js';
import { mailOutbox } from './schema.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's name when not the platform's: a shop's campaign goes out in the shop's name. */
  fromName?: string;
  /** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) on marketing mail. */
  headers?: Record<string, string>;
}

/**
 * What became of one message of a batch: handed to the SMTP server (or kept in the outbox), or not.
 * `deferred` says the server surely did not take it and it may be tried again later (see
 * `notTakenForNow`); without it a failure is final, for the mail may have left all the same.
 * `relayDown` (with `deferred`) says the relay itself could not take mail — unreachable, refusing
 * the login, or closing with 421 — rather than putting off this one recipient.
 */
export type BatchOutcome = { ok: true } | { ok: false; error: string; deferred?: true; relayDown?: true };

/** nodemailer's timeouts before a connection is ready for mail: nothing was sent on it. */
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);

/** Socket errors that mean no connection was ever made: nothing was sent on it. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Whether nodemailer's error proves the relay did not take the message, for now, and why: `relay`
 * when the connection never got as far as a message (refused, no DNS, TLS or login failed, no
 * greeting in time) or the relay closed with 421; `recipient` when it answered another 4xx (RFC
 * 5321's "try again later", on any command, DATA's end included) — a full mailbox, greylisting, a
 * rate limit. A connection lost mid-message is not such a proof — the mail may have been taken just
 * before — so it stays a final failure (false): a campaign mails nobody twice.
 */
export function notTakenForNow(error: unknown): false | 'recipient' | 'relay' {
  if (!(error instanceof Error)) return false;
  const e = error as Error & { responseCode?: number; code?: string; originalCode?: string; timeoutType?: string };
  // Before any message: no address, no TLS, no login (a 535 for a changed password too), no greeting.
  if (e.code === 'EDNS' || e.code === 'ETLS' || e.code === 'EAUTH' || e.code === 'ENOAUTH') return 'relay';
  if (e.code === 'ETIMEDOUT' && SETUP_TIMEOUTS.has(e.timeoutType ?? '')) return 'relay';
  // A refused connection comes as ESOCKET (or ECONNECTION) with the socket's own code kept.
  if ((e.code === 'ECONNECTION' || e.code === 'ESOCKET') && NEVER_CONNECTED.has(e.originalCode ?? '')) return 'relay';
  if (typeof e.responseCode === 'number' && e.responseCode >= 400 && e.responseCode < 500)
    return e.responseCode === 421 ? 'relay' : 'recipient';
  return false;
}

/** Connections a bulk send keeps open to the SMTP server: enough to keep it busy, few enough to be polite. */
const BULK_CONNECTIONS = 5;

/**
 * Mail goes to the outbox in the caller's transaction, so a rolled-back change sends nothing.
 * With SMTP_URL set, `flush` delivers what is unsent through nodemailer after the commit.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  /** Made on the first bulk send: a pool of connections for campaigns, apart from the one-by-one flush. */
  private bulkTransport: Transporter | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: { smtpUrl: string | undefined; from: string; log: (msg: string, err?: unknown) => void },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  async enqueue(tx: Executor, message: MailMessage): Promise<void> {
    await tx.insert(mailOutbox).values(this.outboxRow(message, this.clock.now()));
  }

  /**
   * Sends many mails at once (a campaign's batch), each on its own: with SMTP_URL through a pool of
   * connections, straight to the server (the caller keeps its own record of each send), else into
   * the outbox in one statement. Answers each message's outcome, in order; never throws for one
   * refused message, and marks those the server put off (`deferred`) apart from those it refused.
   */
  async sendBatch(messages: readonly MailMessage[]): Promise<BatchOutcome[]> {
    if (messages.length === 0) return [];
    if (!this.options.smtpUrl) {
      const now = this.clock.now();
      await this.db.insert(mailOutbox).values(messages.map((m) => ({ ...this.outboxRow(m, now), sentAt: null })));
      return messages.map(() => ({ ok: true }));
    }
    this.bulkTransport ??= nodemailer.createTransport({
      url: this.options.smtpUrl,
      pool: true,
      maxConnections: BULK_CONNECTIONS,
      maxMessages: Infinity,
    });
    const transport = this.bulkTransport;
    return Promise.all(
      messages.map(async (message): Promise<BatchOutcome> => {
        try {
          await transport.sendMail(this.envelope(message));
          return { ok: true };
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const putOff = notTakenForNow(error);
          if (!putOff) return { ok: false, error: text };
          return putOff === 'relay'
            ? { ok: false, error: text, deferred: true, relayDown: true }
            : { ok: false, error: text, deferred: true };
        }
      }),
    );
  }

  /** Closes the bulk pool's connections (the app is closing). */
  close(): void {
    this.bulkTransport?.close();
    this.bulkTransport = undefined;
  }

  private outboxRow(message: MailMessage, createdAt: Date) {
    return {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html ?? null,
      fromName: message.fromName ?? null,
      headers: message.headers ?? null,
      createdAt,
    };
  }

  /** The message as nodemailer sends it: from the platform's address, in the sender's name if given. */
  private envelope(message: {
    to: string;
    subject: string;
    text: string;
    html?: string | null | undefined;
    fromName?: string | null | undefined;
    headers?: Record<string, string> | null | undefined;
  }) {
    const from = message.fromName
      ? { name: message.fromName, address: addressOf(this.options.from) }
      : this.options.from;
    return {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    };
  }

  /** Deliver unsent mail (no-op without SMTP). Safe to call after every commit; runs one at a time. */
  flush(): Promise<void> {
    if (!this.transport) return Promise.resolve();
    this.flushing ??= this.deliver().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  private async deliver(): Promise<void> {
    const transport = this.transport!;
    const pending = await this.db.select().from(mailOutbox).where(isNull(mailOutbox.sentAt)).limit(50);
    for (const message of pending) {
      try {
        await transport.sendMail(this.envelope(message));
        await this.db
          .update(mailOutbox)
          .set({ sentAt: this.clock.now(), lastError: null })
          .where(eq(mailOutbox.id, message.id));
      } catch (error) {
        this.options.log(`mail to ${message.to} failed`, error);
        await this.db
          .update(mailOutbox)
          .set({ lastError: error instanceof Error ? error.message : String(error) })
          .where(eq(mailOutbox.id, message.id));
      }
    }
  }

  /** Newest first, keyset-paged (a late page costs what the first does). */
  async list(query: { pageSize: number; pageToken?: string | undefined; to?: string | undefined }) {
    const conditions: SQL[] = [];
    if (query.to) conditions.push(eq(mailOutbox.to, query.to.trim().toLowerCase()));
    const after = query.pageToken ? decodeTimePageToken(query.pageToken) : undefined;
    if (after) {
      const at = after.at;
      conditions.push(
        or(lt(mailOutbox.createdAt, at), and(eq(mailOutbox.createdAt, at), lt(mailOutbox.id, after.id)))!,
      );
    }
    const rows = await this.db
      .select()
      .from(mailOutbox)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(query.pageSize + 1);
    const page = rows.slice(0, query.pageSize);
    const last = page[page.length - 1];
    return {
      items: page.map((m) => ({
        id: m.id,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html,
        createdAt: m.createdAt.toISOString(),
        sentAt: m.sentAt?.toISOString() ?? null,
      })),
      nextPageToken:
        rows.length > query.pageSize && last
          ? encodePageToken({ at: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  }
}

/** The bare address of a `Name <address>` sender (MAIL_FROM), or the whole when it has no name. */
export function addressOf(sender: string): string {
  return /<([^>]+)>\s*$/.exec(sender)?.[1]?.trim() ?? sender.trim();
}
