/**
 * Device push constants (SPEC.md sections 4, 6, 8 and 9). constants.test.ts pins them to the spec.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** A snoozed prompt stays away this many days. */
export const PUSH_SNOOZE_DAYS = 30;
export const PUSH_SNOOZE_MS = PUSH_SNOOZE_DAYS * DAY_MS;

/** Local storage key of the moment the prompt was last snoozed (an ISO time). */
export const PUSH_PROMPTED_AT_KEY = 'push.promptedAt';

/** The subscribe control shows only to users with this feature level. */
export const PUSH_FEATURE_LEVEL = 'alpha';

/** The service worker that shows pushed notifications (apps/web/public/sw.js), for the whole console. */
export const SERVICE_WORKER_URL = '/sw.js';
export const SERVICE_WORKER_SCOPE = '/';

export const PUSH_PROMPT_TEXT = "Turn on device notifications so you don't miss out on important activity";

/** What each outcome of subscribing says. */
export const PUSH_MESSAGES = {
  aborted: 'Notifications are disabled or blocked by user',
  failed: 'Failed to subscribe to notifications',
  subscribed: 'Subscribed to real-time notifications',
} as const;
