import type { PushSubscriptionJson } from '@wharf/contract';
import { PUSH_MESSAGES, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from './constants';

/** SPEC.md section 4: how a subscribe attempt ends. */
export type PushResult = 'aborted' | 'failed' | 'subscribed';

/** The parts of the browser the flow uses (navigator.serviceWorker and Notification), so tests can fake them. */
export interface PushBrowser {
  serviceWorker: Pick<ServiceWorkerContainer, 'register'> & {
    ready: Promise<{ pushManager: Pick<PushManager, 'getSubscription' | 'subscribe'> }>;
  };
  requestPermission: () => Promise<NotificationPermission>;
}

/** The two calls of the user API (SPEC.md section 7 "User API"). */
export interface PushServer {
  /** The VAPID public key, base64url. */
  getPublicKey: () => Promise<string>;
  saveSubscription: (subscription: PushSubscriptionJson) => Promise<unknown>;
}

/** The browser's `window` as a PushBrowser; only where isPushSupported() said yes. */
export function browserPush(): PushBrowser {
  return {
    serviceWorker: navigator.serviceWorker,
    requestPermission: () => Notification.requestPermission(),
  };
}

/** A base64url string (VAPID keys are sent so) as bytes, the form `applicationServerKey` takes. */
export function base64UrlToUint8Array(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

/** The subscription as the contract takes it; null when the browser left out its keys. */
function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh, auth } };
}

/**
 * Turns device notifications on: registers the service worker, asks the person, subscribes with the
 * server's key and hands the subscription to the server. Never throws; the result says how it ended.
 *
 * The permission is asked in the same task as the click (registering only starts first): browsers
 * refuse or hide a permission request that comes after an await has let the user gesture lapse.
 */
export async function subscribeToPush(browser: PushBrowser, server: PushServer): Promise<PushResult> {
  let registering: Promise<unknown>;
  try {
    registering = browser.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE });
  } catch (error) {
    registering = Promise.reject(error);
  }
  // Decided below, after the permission; until then a failure must not surface as unhandled.
  registering.catch(() => undefined);

  let permission: NotificationPermission;
  try {
    permission = await browser.requestPermission();
  } catch {
    return 'aborted';
  }
  if (permission !== 'granted') return 'aborted';

  try {
    await registering;
    // Subscribing needs an active worker; `ready` waits for it.
    const { pushManager } = await browser.serviceWorker.ready;
    const key = base64UrlToUint8Array(await server.getPublicKey());
    let subscription = await pushManager.getSubscription();
    // A subscription made with another key (the server's keys changed) can't be pushed to: replace it.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscriptionJson(subscription);
    if (!json) return 'failed';
    await server.saveSubscription(json);
    return 'subscribed';
  } catch {
    return 'failed';
  }
}

export interface PushToast {
  message: string;
  level?: 'success' | 'danger';
}

/** SPEC.md section 8: what each result tells the person (aborted at the default level). */
export function pushResultToast(result: PushResult): PushToast {
  switch (result) {
    case 'aborted':
      return { message: PUSH_MESSAGES.aborted };
    case 'failed':
      return { message: PUSH_MESSAGES.failed, level: 'danger' };
    case 'subscribed':
      return { message: PUSH_MESSAGES.subscribed, level: 'success' };
  }
}

/** Whether this browser already holds a push subscription for the console (false when it can't tell). */
export async function hasPushSubscription(
  serviceWorker: Pick<ServiceWorkerContainer, 'getRegistration'>,
): Promise<boolean> {
  try {
    const registration = await serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}
