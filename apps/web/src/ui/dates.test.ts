import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDayMonthYear, formatMonth, formatTime } from './dates';

const src = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the console’s one date format', () => {
  it('writes a day, a moment and a time the same way everywhere', () => {
    const iso = '2026-11-05T14:05:00.000Z';
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
    expect(formatDate(iso)).toBe(day);
    expect(formatDateTime(iso)).toBe(
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
    );
    expect(formatTime(iso)).toBe(new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso)));
    expect(formatDate(iso, { locale: 'en-GB' })).toBe('5 Nov 2026');
    expect(formatDate('2026-11-01T00:00:00.000Z', { locale: 'en-GB', utc: true })).toBe('1 Nov 2026');
    expect(formatMonth('2026-10')).toBe(
      new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric' }).format(new Date(2026, 9, 15)),
    );
  });

  it('shows a dash for a missing or unreadable date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
    expect(formatDateTime(undefined, { missing: 'Never' })).toBe('Never');
  });

  it('keeps SPEC.md’s DD/MM/YYYY for the terms popup', () => {
    expect(formatDayMonthYear(new Date(2026, 0, 5, 9, 30))).toBe('05/01/2026');
    expect(formatDayMonthYear('nonsense')).toBe('');
  });

  it('is the only place that builds a date format', () => {
    // Any of these outside ui/dates.ts is a second date format (one page wrote 11/26/2026 while
    // the rest wrote 26 Nov 2026).
    const dateFormatting = /toLocaleDateString|toLocaleTimeString|DateTimeFormat|dateStyle|timeStyle/;
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(100);
    const offenders = files
      .map((path) => relative(src, path))
      .filter((path) => path !== join('ui', 'dates.ts'))
      .filter((path) => dateFormatting.test(readFileSync(join(src, path), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
