import { describe, expect, it } from 'vitest';
import {
  PUSH_FEATURE_LEVEL,
  PUSH_MESSAGES,
  PUSH_PROMPTED_AT_KEY,
  PUSH_PROMPT_TEXT,
  PUSH_SNOOZE_DAYS,
  PUSH_SNOOZE_MS,
  SERVICE_WORKER_URL,
} from './constants';

describe('push constants (SPEC.md sections 4, 6, 8, 9)', () => {
  it('snoozes the prompt for 30 days under push.promptedAt', () => {
    expect(PUSH_SNOOZE_DAYS).toBe(30);
    expect(PUSH_SNOOZE_MS).toBe(30 * 24 * 60 * 60 * 1000);
    expect(PUSH_PROMPTED_AT_KEY).toBe('push.promptedAt');
  });

  it("offers the subscribe control to the 'alpha' feature level", () => {
    expect(PUSH_FEATURE_LEVEL).toBe('alpha');
  });

  it('says the words of the spec', () => {
    expect(PUSH_PROMPT_TEXT).toBe("Turn on device notifications so you don't miss out on important activity");
    expect(PUSH_MESSAGES).toEqual({
      aborted: 'Notifications are disabled or blocked by user',
      failed: 'Failed to subscribe to notifications',
      subscribed: 'Subscribed to real-time notifications',
    });
  });

  it('registers the service worker served from the web root', () => {
    expect(SERVICE_WORKER_URL).toBe('/sw.js');
  });
});
