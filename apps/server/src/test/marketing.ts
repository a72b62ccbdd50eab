import type { Draft, MailingList, Subscriber } from '@wharf/contract';
import { ensureSecret } from '../core/security/secrets.js';
import { subscriptionLinks, type SubscriptionLinks } from '../modules/marketing/links.js';
import type { TestApp } from './app.js';
import type { BearerUser } from './projects.js';

/**
 * Installs the Marketing module (and Customers, which it depends on): mail marketing's calls
 * (`/v1/mail/*`) answer only where it is installed.
 */
export async function installMarketing(owner: Pick<BearerUser, 'call'>, projectId: string): Promise<void> {
  for (const code of ['customers', 'marketing']) {
    const res = await owner.call('POST', `/v1/projects/${projectId}/integrations/${code}`);
    if (res.statusCode !== 201) throw new Error(`${code} not installed: ${res.body}`);
  }
}

/** Adds a subscriber through the API (201 or it throws), as the console or a form key would. */
export async function subscribe(
  caller: Pick<BearerUser, 'call'>,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Subscriber> {
  const res = await caller.call('POST', `/v1/mail/subscribers?project=${projectId}`, body);
  if (res.statusCode !== 201) throw new Error(`not subscribed: ${res.body}`);
  return res.json() as Subscriber;
}

/** Makes a mailing list through the API (201 or it throws). */
export async function makeMailingList(
  caller: Pick<BearerUser, 'call'>,
  projectId: string,
  body: Record<string, unknown>,
): Promise<MailingList> {
  const res = await caller.call('POST', `/v1/mail/mailing-lists?project=${projectId}`, body);
  if (res.statusCode !== 201) throw new Error(`no mailing list: ${res.body}`);
  return res.json() as MailingList;
}

/** The module's signed links as the running app makes them (same secret), to follow in a test. */
export function testLinks(t: TestApp): Promise<SubscriptionLinks> {
  return subscriptionLinks({ config: t.config, secret: (name) => ensureSecret(t.database.db, name) });
}

/** Writes a mail draft through the API (201 or it throws). */
export async function makeDraft(
  caller: Pick<BearerUser, 'call'>,
  projectId: string,
  body: Record<string, unknown>,
): Promise<Draft> {
  const res = await caller.call('POST', `/v1/mail/drafts?project=${projectId}`, body);
  if (res.statusCode !== 201) throw new Error(`no draft: ${res.body}`);
  return res.json() as Draft;
}
