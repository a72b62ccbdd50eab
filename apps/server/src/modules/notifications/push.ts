import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Database } from '../../core/db/database.js';
import type { OutboundFetch } from '../../core/http/outbound.js';
import type { JobHandler } from '../../core/jobs/queue.js';
import { ensureSecret } from '../../core/security/secrets.js';
import { notifications, pushSubscriptions } from './schema.js';

export const PUSH_QUEUE = 'notifications.push';
/** A push is worth little late: the push service drops it after a day, the queue gives up after 6 tries. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
export const PUSH_MAX_ATTEMPTS = 6;
const PUSH_TIMEOUT_MS = 15_000;

export interface PushJob {
  notificationId: string;
  subscriptionId: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The server's VAPID key pair, made on first start and shared by every instance through the
 * database (as `ensureSecret` does for random secrets): browsers subscribed with the public key,
 * so it must never change under them.
 */
export async function ensureVapidKeys(db: Database): Promise<VapidKeys> {
  return JSON.parse(
    await ensureSecret(db, 'vapid-keys', () => JSON.stringify(webpush.generateVAPIDKeys())),
  ) as VapidKeys;
}

/** VAPID wants an https: or mailto: contact; a console on plain http gives its admin's address. */
export function vapidSubject(publicUrl: string, adminEmail: string): string {
  return publicUrl.startsWith('https:') ? publicUrl : `mailto:${adminEmail}`;
}

/** The push service refused a message; 404 and 410 mean the subscription is gone for good. */
export class PushServiceError extends Error {
  override readonly name = 'PushServiceError';
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`The push service answered ${status}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
  get gone(): boolean {
    return this.status === 404 || this.status === 410;
  }
}

export type PushSubscriptionJson = typeof pushSubscriptions.$inferSelect.subscription;

/**
 * Encrypts (RFC 8291, aes128gcm) and signs (VAPID) with web-push, and sends through the guarded
 * outbound fetch (core/http/outbound.ts): an endpoint is whatever address a browser, or anyone with
 * a session, registered, so it may reach only public addresses and the allow-list (decision 024).
 * web-push's own `sendNotification` would bypass that guard, and always speaks https besides.
 */
export class PushSender {
  constructor(
    private readonly vapid: VapidKeys & { subject: string },
    private readonly outbound: OutboundFetch,
    private readonly timeoutMs = PUSH_TIMEOUT_MS,
  ) {}

  get publicKey(): string {
    return this.vapid.publicKey;
  }

  async send(subscription: PushSubscriptionJson, payload: string, signal?: AbortSignal): Promise<void> {
    const details = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: this.vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(details.headers)) {
      // fetch sets the length of the body itself.
      if (name.toLowerCase() !== 'content-length') headers.set(name, String(value));
    }
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const response = await this.outbound(details.endpoint, {
      method: 'POST',
      headers,
      // A copy typed as fetch's BodyInit wants it, whichever lib (node or DOM) types fetch.
      body: new Uint8Array(details.body),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      redirect: 'error',
    });
    // Refused, unreachable or disallowed: an OutboundError, and the queue tries again later.
    const body = await response.text();
    if (!response.ok) throw new PushServiceError(response.status, body);
  }
}

/** What the service worker receives: enough to show the notification and to open its target. */
export function pushPayload(row: typeof notifications.$inferSelect, publicUrl: string): string {
  return JSON.stringify({
    id: row.id,
    group: row.group,
    title: row.title,
    body: row.body,
    image: row.image,
    action: row.action,
    // A route is opened by name inside the console; without the console open, its start page.
    url: row.action?.link ?? new URL('/', publicUrl).toString(),
  });
}

/**
 * Sends one notification to one device. A notification or subscription deleted meanwhile leaves
 * nothing to send; a subscription the push service calls gone is deleted, and the job ends without
 * retry. Any other failure throws, so the queue tries again later.
 */
export function pushJobHandler(deps: { db: Database; sender: PushSender; publicUrl: string }): JobHandler<PushJob> {
  const { db } = deps;
  return async ({ notificationId, subscriptionId }, { signal }) => {
    const [notification] = await db.select().from(notifications).where(eq(notifications.id, notificationId));
    const [subscription] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, subscriptionId));
    if (!notification || !subscription || subscription.userId !== notification.userId) return;
    try {
      await deps.sender.send(subscription.subscription, pushPayload(notification, deps.publicUrl), signal);
    } catch (error) {
      if (!(error instanceof PushServiceError && error.gone)) throw error;
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    }
  };
}
