import { describe, expect, it } from 'vitest';
import { formatDateTimeIn, isoInZone, wallClockIn } from '../../../ui/dates';
import { projectTimeZone, zonedWords } from './campaign-schedule';

describe('a schedule in the project’s time zone', () => {
  it('sends the time typed in the project’s zone with that zone’s offset on that day', () => {
    expect(isoInZone('2026-12-01', '09:00', 'Europe/London')).toBe('2026-12-01T09:00:00+00:00');
    expect(isoInZone('2026-07-01', '09:00', 'Europe/London')).toBe('2026-07-01T09:00:00+01:00');
    expect(isoInZone('2026-07-01', '09:00', 'America/New_York')).toBe('2026-07-01T09:00:00-04:00');
    expect(isoInZone('2026-07-01', '09:00', 'Asia/Kolkata')).toBe('2026-07-01T09:00:00+05:30');
    expect(isoInZone('2026-12-01', '', 'Europe/London')).toBeUndefined();
    expect(isoInZone('2026-12-01', '09:00', 'Mars/Olympus')).toBeUndefined();
  });

  it('shows a saved time as the wall clock of the project’s zone, whatever the browser’s', () => {
    expect(wallClockIn('2026-07-01T08:00:00Z', 'Europe/London')).toEqual({ date: '2026-07-01', time: '09:00' });
    expect(wallClockIn('2026-12-31T23:30:00Z', 'Europe/Amsterdam')).toEqual({ date: '2027-01-01', time: '00:30' });
    expect(wallClockIn(null, 'Europe/London')).toBeUndefined();
    const iso = isoInZone('2026-12-01', '09:00', 'Europe/Amsterdam')!;
    expect(zonedWords(iso, 'Europe/Amsterdam')).toBe(`${formatDateTimeIn(iso, 'Europe/Amsterdam')} (Europe/Amsterdam)`);
    expect(formatDateTimeIn(iso, 'Europe/Amsterdam')).toBe(
      formatDateTimeIn('2026-12-01T08:00:00Z', 'Europe/Amsterdam'),
    );
  });

  it('falls back to UTC when the project has no zone the browser knows', () => {
    expect(projectTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(projectTimeZone(undefined)).toBe('UTC');
    expect(projectTimeZone('Mars/Olympus')).toBe('UTC');
  });
});
