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
  /**
   * Refuse recipients whose address this matches: for good (550, a dead address) or, with `code` 451,
   * for now (a relay that is busy or rate-limiting).
   */
  refuse(match: ((address: string) => boolean) | undefined, code?: number): void;
  /**
   * Takes `count` more mails, then leaves every later one unanswered until `release()`: a relay gone
   * slow, so a test can stop or restart the sender with a batch in flight.
   */
  holdAfter(count: number): void;
  release(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it is sent in memory: tests, the end-to-end suite and
 * the sending bench hand it mail through nodemailer exactly as production hands a relay.
 */
export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  let refused: ((address: string) => boolean) | undefined;
  let refusalCode = 550;
  let takeBeforeHolding = Infinity;
  let held: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // A campaign keeps several connections open at once.
    maxClients: 50,
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refused?.(address.address)) return callback();
      const refusal = Object.assign(new Error(refusalCode < 500 ? 'try again later' : 'mailbox unavailable'), {
        responseCode: refusalCode,
      });
      callback(refusal);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const take = () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString(),
          });
          callback();
        };
        if (takeBeforeHolding > 0) {
          takeBeforeHolding -= 1;
          take();
        } else {
          // Unanswered: the sender waits, as on a relay that stopped answering mid-transfer.
          // Answered at release as lost for good (554): a 4xx would have the sender try it again later.
          held.push(() => callback(Object.assign(new Error('relay restarted, message lost'), { responseCode: 554 })));
        }
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuse: (match, code = 550) => {
      refused = match;
      refusalCode = code;
    },
    holdAfter: (count) => {
      takeBeforeHolding = count;
    },
    release: () => {
      takeBeforeHolding = Infinity;
      const waiting = held;
      held = [];
      for (const answer of waiting) answer();
    },
    close: () => {
      // Answer whoever still waits, or the server's close would wait for them.
      for (const answer of held.splice(0)) answer();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A raw message as a reader sees it: folded headers unfolded, quoted-printable soft line breaks joined
 * and `=XX` bytes decoded (nodemailer encodes long or non-ASCII parts that way), so a test can find a
 * header, a link or a name in it.
 */
export function readableMail(data: string): string {
  const joined = data.replace(/\r\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
  return Buffer.from(
    joined.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}
