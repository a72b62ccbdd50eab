import { describe, expect, it, vi } from 'vitest';
import {
  base64UrlToUint8Array,
  hasPushSubscription,
  pushResultToast,
  subscribeToPush,
  type PushBrowser,
  type PushServer,
} from './subscribe';

/** 65 bytes, like an uncompressed P-256 public key; its base64url has '-' and '_' in it. */
const keyBytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37 + 251) % 256);
const publicKey = btoa(String.fromCharCode(...keyBytes))
  .replace(/\+/g, '-')
  .replace(/\//g, '_')
  .replace(/=+$/, '');

const subscriptionJson = {
  endpoint: 'https://push.example.com/send/abc',
  expirationTime: null,
  keys: { p256dh: 'BPk-public', auth: 'auth-secret' },
};

function fakeSubscription(key: Uint8Array = keyBytes) {
  return {
    endpoint: subscriptionJson.endpoint,
    options: { applicationServerKey: key.slice().buffer, userVisibleOnly: true },
    toJSON: () => subscriptionJson,
    unsubscribe: vi.fn(async () => true),
  } as unknown as PushSubscription & { unsubscribe: ReturnType<typeof vi.fn> };
}

function fakes({
  permission = 'granted' as NotificationPermission,
  existing = null as PushSubscription | null,
  register = vi.fn(async () => ({}) as ServiceWorkerRegistration),
  subscribe = vi.fn(async (): Promise<PushSubscription> => fakeSubscription()),
  getPublicKey = vi.fn(async () => publicKey),
  saveSubscription = vi.fn(async () => undefined),
} = {}) {
  const pushManager = { getSubscription: vi.fn(async () => existing), subscribe };
  const browser: PushBrowser = {
    serviceWorker: { register, ready: Promise.resolve({ pushManager }) } as unknown as PushBrowser['serviceWorker'],
    requestPermission: vi.fn(async () => permission),
  };
  const server: PushServer = { getPublicKey, saveSubscription };
  return { browser, server, register, subscribe, getPublicKey, saveSubscription, pushManager };
}

describe('base64UrlToUint8Array', () => {
  it('decodes the VAPID key the server sends (base64url, unpadded)', () => {
    expect(base64UrlToUint8Array(publicKey)).toEqual(keyBytes);
  });

  it('takes padded keys and the small cases', () => {
    expect(Array.from(base64UrlToUint8Array('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(base64UrlToUint8Array('-_8'))).toEqual([251, 255]);
    expect(Array.from(base64UrlToUint8Array('-_8='))).toEqual([251, 255]);
    expect(Array.from(base64UrlToUint8Array(''))).toEqual([]);
  });
});

describe('subscribeToPush', () => {
  it('registers /sw.js, asks, subscribes with the server key and saves the subscription: subscribed', async () => {
    const f = fakes();
    expect(await subscribeToPush(f.browser, f.server)).toBe('subscribed');
    expect(f.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(f.browser.requestPermission).toHaveBeenCalledTimes(1);
    expect(f.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: keyBytes });
    expect(f.saveSubscription).toHaveBeenCalledWith(subscriptionJson);
  });

  it('asks for the permission before anything is awaited (the click still counts as the gesture)', async () => {
    const f = fakes({ register: vi.fn(() => new Promise<ServiceWorkerRegistration>(() => {})) });
    void subscribeToPush(f.browser, f.server);
    expect(f.browser.requestPermission).toHaveBeenCalledTimes(1);
  });

  it.each(['denied', 'default'] as const)(
    'is aborted when the permission is %s, without subscribing',
    async (permission) => {
      const f = fakes({ permission });
      expect(await subscribeToPush(f.browser, f.server)).toBe('aborted');
      expect(f.getPublicKey).not.toHaveBeenCalled();
      expect(f.subscribe).not.toHaveBeenCalled();
      expect(f.saveSubscription).not.toHaveBeenCalled();
    },
  );

  it('is aborted when asking throws (an old browser without the promise form)', async () => {
    const f = fakes();
    f.browser.requestPermission = () => Promise.reject(new TypeError('no'));
    expect(await subscribeToPush(f.browser, f.server)).toBe('aborted');
  });

  it('fails when the worker cannot be registered', async () => {
    const f = fakes({ register: vi.fn(async () => Promise.reject(new Error('SecurityError'))) });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
    expect(f.saveSubscription).not.toHaveBeenCalled();
  });

  it('fails when the register call itself throws', async () => {
    const f = fakes({
      register: vi.fn(() => {
        throw new Error('InvalidStateError');
      }),
    });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
  });

  it('fails when the key cannot be fetched', async () => {
    const f = fakes({ getPublicKey: vi.fn(async () => Promise.reject(new Error('401'))) });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
    expect(f.subscribe).not.toHaveBeenCalled();
  });

  it('fails when the push service refuses', async () => {
    const f = fakes({ subscribe: vi.fn(async () => Promise.reject(new DOMException('AbortError'))) });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
  });

  it('fails when the server does not keep the subscription', async () => {
    const f = fakes({ saveSubscription: vi.fn(async () => Promise.reject(new Error('500'))) });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
  });

  it('fails when the subscription has no keys', async () => {
    const keyless = { ...fakeSubscription(), toJSON: () => ({ endpoint: subscriptionJson.endpoint }) };
    const f = fakes({ subscribe: vi.fn(async () => keyless as unknown as PushSubscription) });
    expect(await subscribeToPush(f.browser, f.server)).toBe('failed');
    expect(f.saveSubscription).not.toHaveBeenCalled();
  });

  it("reuses the browser's subscription made with the same key", async () => {
    const f = fakes({ existing: fakeSubscription() });
    expect(await subscribeToPush(f.browser, f.server)).toBe('subscribed');
    expect(f.subscribe).not.toHaveBeenCalled();
    expect(f.saveSubscription).toHaveBeenCalledWith(subscriptionJson);
  });

  it('replaces a subscription made with another key', async () => {
    const stale = fakeSubscription(new Uint8Array(65));
    const f = fakes({ existing: stale });
    expect(await subscribeToPush(f.browser, f.server)).toBe('subscribed');
    expect(stale.unsubscribe).toHaveBeenCalled();
    expect(f.subscribe).toHaveBeenCalled();
  });
});

describe('pushResultToast (SPEC.md section 8)', () => {
  it('says each result at its level', () => {
    expect(pushResultToast('aborted')).toEqual({ message: 'Notifications are disabled or blocked by user' });
    expect(pushResultToast('failed')).toEqual({ message: 'Failed to subscribe to notifications', level: 'danger' });
    expect(pushResultToast('subscribed')).toEqual({
      message: 'Subscribed to real-time notifications',
      level: 'success',
    });
  });
});

describe('hasPushSubscription', () => {
  it('looks at the registration for the console', async () => {
    const getRegistration = vi.fn(async () => ({ pushManager: { getSubscription: async () => fakeSubscription() } }));
    expect(await hasPushSubscription({ getRegistration } as unknown as ServiceWorkerContainer)).toBe(true);
    expect(getRegistration).toHaveBeenCalledWith('/');
  });

  it('is false without a registration, without a subscription, or on an error', async () => {
    const container = (getRegistration: () => Promise<unknown>) =>
      ({ getRegistration }) as unknown as ServiceWorkerContainer;
    expect(await hasPushSubscription(container(async () => undefined))).toBe(false);
    expect(
      await hasPushSubscription(container(async () => ({ pushManager: { getSubscription: async () => null } }))),
    ).toBe(false);
    expect(await hasPushSubscription(container(async () => Promise.reject(new Error('nope'))))).toBe(false);
  });
});
