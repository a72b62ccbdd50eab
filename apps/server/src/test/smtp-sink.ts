import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the sink took it: the envelope and the raw message (headers and body). */
export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  received: ReceivedMail[];
  /** Refuse recipients whose address this matches (a full mailbox, a dead address). */
  refuse(match: ((address: string) => boolean) | undefined): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it is sent in memory: tests, the end-to-end suite and
 * the sending bench hand it mail through nodemailer exactly as production hands a relay.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refused: ((address: string) => boolean) | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A campaign keeps several connections open at once.
    maxClients: 50,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refused?.(address.address) ? new Error('mailbox unavailable') : undefined);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (match) => {
      refused = match;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
