import type { RunningServer } from './server.js';

/** Any agreeing cookie/header pair passes the double-submit check; a script is its own browser. */
const csrf = { cookie: 'wharf-XSRF-TOKEN=e2e', 'x-csrf-token': 'e2e' };

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * The platform admin, signed in through the one-time link the server printed, used to read the
 * outbox as an operator would (GET /v1/admin/mail/outbox).
 */
export async function adminOf(server: RunningServer, password = 'e2e-admin-harbour-pass') {
  const link = new URL(server.output().match(/http\S+\/set-password\?\S+/)![0]);
  const res = await fetch(`${server.baseUrl}/omnis/v3/dashboard/user/set-password`, {
    method: 'POST',
    headers: { ...csrf, 'content-type': 'application/json' },
    body: JSON.stringify({
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password,
      password_confirmation: password,
    }),
  });
  if (!res.ok) throw new Error(`admin set-password: ${res.status} ${await res.text()}`);
  const session = res.headers
    .getSetCookie()
    .find((c) => c.startsWith('wharf_session='))!
    .split(';')[0]!;

  const bearer = async () => {
    const token = await fetch(`${server.baseUrl}/omnis/v3/dashboard/user/token`, {
      method: 'POST',
      headers: { ...csrf, cookie: `${csrf.cookie}; ${session}` },
    });
    return ((await token.json()) as { token: string }).token;
  };

  /** The newest mail to `to`, waiting briefly for it to arrive. */
  const lastMailTo = async (to: string, subject: RegExp): Promise<OutboxMail> => {
    for (let i = 0; i < 50; i++) {
      const page = await fetch(`${server.baseUrl}/v1/admin/mail/outbox?to=${encodeURIComponent(to)}&pageSize=10`, {
        headers: { authorization: `Bearer ${await bearer()}` },
      });
      const { items } = (await page.json()) as { items: OutboxMail[] };
      const mail = items.find((m) => subject.test(m.subject));
      if (mail) return mail;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  };

  /** A service (/v1) call as the platform admin; anything but a 2xx throws with the answer. */
  const call = async (method: string, path: string, body?: unknown): Promise<Record<string, unknown>> => {
    const res = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${await bearer()}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as Record<string, unknown>;
  };

  // `session` (`wharf_session=…`) signs a browser context in as the admin (people.ts, `signedInWith`).
  return { bearer, call, lastMailTo, session };
}

export function linkIn(mail: OutboxMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://\\S+${path}\\S*`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return match[0];
}
