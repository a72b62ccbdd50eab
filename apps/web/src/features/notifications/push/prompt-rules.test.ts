import { describe, expect, it } from 'vitest';
import { PUSH_PROMPTED_AT_KEY } from './constants';
import {
  canSubscribeToPush,
  isPushSupported,
  isSnoozed,
  readPromptedAt,
  shouldShowPushPrompt,
  snoozePushPrompt,
} from './prompt-rules';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-21T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY).toISOString();

const supported = { navigator: { serviceWorker: {} }, Notification: function Notification() {}, PushManager: {} };

describe('push support (SPEC.md section 4)', () => {
  it('needs service worker, Notification and PushManager together', () => {
    expect(isPushSupported(supported)).toBe(true);
    expect(isPushSupported({ ...supported, navigator: {} })).toBe(false);
    expect(isPushSupported({ ...supported, Notification: undefined })).toBe(false);
    expect(isPushSupported({ ...supported, PushManager: undefined })).toBe(false);
    expect(isPushSupported({})).toBe(false);
  });
});

describe("the subscribe control's audience (SPEC.md section 6)", () => {
  it("is users whose features hold 'alpha'", () => {
    expect(canSubscribeToPush({ features: ['alpha'] })).toBe(true);
    expect(canSubscribeToPush({ features: ['beta', 'alpha'] })).toBe(true);
    expect(canSubscribeToPush({ features: [] })).toBe(false);
    expect(canSubscribeToPush({ features: ['beta', 'Alpha'] })).toBe(false);
    expect(canSubscribeToPush(null)).toBe(false);
  });
});

describe('the 30-day snooze', () => {
  it('holds 29 days after snoozing and is over after 31', () => {
    expect(isSnoozed(daysAgo(29), now)).toBe(true);
    expect(isSnoozed(daysAgo(31), now)).toBe(false);
  });

  it('ends exactly 30 days after', () => {
    expect(isSnoozed(new Date(now.getTime() - 30 * DAY + 1).toISOString(), now)).toBe(true);
    expect(isSnoozed(daysAgo(30), now)).toBe(false);
  });

  it('is not on without a readable time', () => {
    expect(isSnoozed(null, now)).toBe(false);
    expect(isSnoozed('', now)).toBe(false);
    expect(isSnoozed('yesterday-ish', now)).toBe(false);
  });

  it('never lasts for ever from a time in the future', () => {
    expect(isSnoozed(new Date(now.getTime() + DAY).toISOString(), now)).toBe(true);
    expect(isSnoozed(new Date(now.getTime() + 365 * DAY).toISOString(), now)).toBe(false);
  });

  it('is stored as an ISO time under push.promptedAt', () => {
    const storage = new Map<string, string>();
    const store = {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
    };
    snoozePushPrompt(store, now);
    expect(storage.get(PUSH_PROMPTED_AT_KEY)).toBe('2026-11-21T12:00:00.000Z');
    expect(readPromptedAt(store)).toBe('2026-11-21T12:00:00.000Z');
  });

  it('survives storage that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(readPromptedAt(refusing)).toBeNull();
    expect(() => snoozePushPrompt(refusing, now)).not.toThrow();
  });
});

describe('when the prompt shows', () => {
  const base = { supported: true, permission: 'default' as const, subscribed: false, promptedAt: null, now };

  it('shows where push works, nobody answered the browser, nothing is subscribed and no snooze holds', () => {
    expect(shouldShowPushPrompt(base)).toBe(true);
    expect(shouldShowPushPrompt({ ...base, promptedAt: daysAgo(31) })).toBe(true);
  });

  it('hides otherwise', () => {
    expect(shouldShowPushPrompt({ ...base, supported: false })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, permission: 'granted' })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, permission: 'denied' })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, subscribed: true })).toBe(false);
    expect(shouldShowPushPrompt({ ...base, promptedAt: daysAgo(29) })).toBe(false);
  });
});
