import { describe, expect, it } from 'vitest';
import { relativeTime } from '../members/format';
import { expiryText } from './ui/InviteStatus';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const at = (ms: number) => new Date(now + ms).toISOString();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('expiryText', () => {
  it('says when a pending invitation expires, and when an expired one did', () => {
    expect(expiryText({ status: 'pending', expiresAt: at(6 * DAY) }, now)).toBe('Expires in 6 days');
    expect(expiryText({ status: 'pending', expiresAt: at(6 * DAY + 11 * HOUR) }, now)).toBe('Expires in 6 days');
    expect(expiryText({ status: 'pending', expiresAt: at(5 * HOUR) }, now)).toBe('Expires in 5 hours');
    expect(expiryText({ status: 'expired', expiresAt: at(-2 * DAY) }, now)).toBe('Expired 2 days ago');
    expect(expiryText({ status: 'expired', expiresAt: at(-1 * DAY) }, now)).toBe('Expired 1 day ago');
  });

  it('says nothing for an accepted or revoked invitation', () => {
    expect(expiryText({ status: 'accepted', expiresAt: at(DAY) }, now)).toBeNull();
    expect(expiryText({ status: 'revoked', expiresAt: at(DAY) }, now)).toBeNull();
  });
});

describe('relativeTime', () => {
  it('uses the largest unit that fits', () => {
    expect(relativeTime(at(3 * 60_000), now)).toBe('in 3 minutes');
    expect(relativeTime(at(-120 * 60_000), now)).toBe('2 hours ago');
    expect(relativeTime(at(-10_000), now)).toBe('just now');
    expect(relativeTime(at(10_000), now)).toBe('in less than a minute');
  });
});
