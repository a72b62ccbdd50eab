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
}

/**
 * Mail goes to the outbox in the caller's transaction, so a rolled-back change sends nothing.
 * With SMTP_URL set, `flush` delivers what is unsent through nodemailer after the commit.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly options: { smtpUrl: string | undefined; from: string; log: (msg: string, err?: unknown) => void },
  ) {
    this.transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined;
  }

  async enqueue(tx: Executor, message: MailMessage): Promise<void> {
    await tx.insert(mailOutbox).values({ ...message, html: message.html ?? null, createdAt: this.clock.now() });
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
        await transport.sendMail({
          from: this.options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
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
