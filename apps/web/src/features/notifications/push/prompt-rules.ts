import type { User } from '@wharf/contract';
import { PUSH_FEATURE_LEVEL, PUSH_PROMPTED_AT_KEY, PUSH_SNOOZE_MS } from './constants';

/** SPEC.md section 6: the subscribe control (the prompt's Enable, any settings toggle) is for 'alpha' users. */
export function canSubscribeToPush(user: Pick<User, 'features'> | null | undefined): boolean {
  return Boolean(user?.features.includes(PUSH_FEATURE_LEVEL));
}

/** The globals push needs, as far as this module looks at them (the browser's `window`, or a test's stand-in). */
export interface PushGlobals {
  navigator?: { serviceWorker?: unknown };
  Notification?: unknown;
  PushManager?: unknown;
}

/** SPEC.md section 4: push needs service worker, Notification and PushManager support. */
export function isPushSupported(scope: PushGlobals): boolean {
  return Boolean(scope.navigator?.serviceWorker) && Boolean(scope.Notification) && Boolean(scope.PushManager);
}

/** Whether a snooze stored at `promptedAt` (an ISO time) still holds at `now`. A missing or unreadable one does not. */
export function isSnoozed(promptedAt: string | null | undefined, now: Date): boolean {
  if (!promptedAt) return false;
  const at = Date.parse(promptedAt);
  if (Number.isNaN(at)) return false;
  const elapsed = now.getTime() - at;
  // A stamp from the future (a clock put back) holds for the same span, never for ever.
  return Math.abs(elapsed) < PUSH_SNOOZE_MS;
}

export interface PromptFacts {
  supported: boolean;
  permission: NotificationPermission;
  /** The browser already holds a push subscription for the console. */
  subscribed: boolean;
  promptedAt: string | null;
  now: Date;
}

/** The prompt shows only where push works, nobody has answered the browser yet, and it is not snoozed. */
export function shouldShowPushPrompt({ supported, permission, subscribed, promptedAt, now }: PromptFacts): boolean {
  return supported && permission === 'default' && !subscribed && !isSnoozed(promptedAt, now);
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored snooze, if storage can be read (private modes may refuse). */
export function readPromptedAt(storage: KeyValueStore): string | null {
  try {
    return storage.getItem(PUSH_PROMPTED_AT_KEY);
  } catch {
    return null;
  }
}

/** Snooze: the prompt stays away for 30 days from `now`. */
export function snoozePushPrompt(storage: KeyValueStore, now: Date): void {
  try {
    storage.setItem(PUSH_PROMPTED_AT_KEY, now.toISOString());
  } catch {
    // Without storage the prompt is only hidden until the next visit.
  }
}
