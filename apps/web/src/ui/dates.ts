import { firstUse } from './first-use';

/**
 * The console's one way of writing a date: the user's locale, medium style ("26 Nov 2026", or
 * "Nov 26, 2026" in the US), with the time in short style when it matters ("26 Nov 2026, 14:05").
 * Every page formats dates here (a test checks no other module builds a date format), so a date
 * reads the same on every page. The one exception is SPEC.md's terms popup, 'Last updated:
 * DD/MM/YYYY' (`formatDayMonthYear`).
 *
 * The formatters are made on first use (ui/first-use.ts), not at import: pages that import this
 * must paint before any date is shown.
 */

export interface DateOptions {
  /**
   * Show the UTC calendar day instead of the user's: billing periods are whole UTC days, so
   * 1 Nov 00:00Z must never read as 31 Oct.
   */
  utc?: boolean;
  /** What a missing or unreadable date shows; '—' by default. */
  missing?: string;
  /** A locale other than the user's (tests, documents in a set language). */
  locale?: string;
}

const day = firstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }));
const utcDay = firstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }));
const dayAndTime = firstUse(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }));
const timeOfDay = firstUse(() => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }));
const monthOfYear = {
  short: firstUse(() => new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' })),
  long: firstUse(() => new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' })),
};

function readable(value: string | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A day: "26 Nov 2026". */
export function formatDate(value: string | Date | null | undefined, options: DateOptions = {}): string {
  const date = readable(value);
  if (!date) return options.missing ?? '—';
  if (options.locale)
    return new Intl.DateTimeFormat(options.locale, {
      dateStyle: 'medium',
      timeZone: options.utc ? 'UTC' : undefined,
    }).format(date);
  return (options.utc ? utcDay() : day()).format(date);
}

/** A moment: "26 Nov 2026, 14:05", in the user's time zone. */
export function formatDateTime(
  value: string | Date | null | undefined,
  options: Omit<DateOptions, 'utc'> = {},
): string {
  const date = readable(value);
  return date ? dayAndTime().format(date) : (options.missing ?? '—');
}

/** The time of day alone ("14:05"), for today's entries in a list that gives older ones their day. */
export function formatTime(value: string | Date | null | undefined, options: Omit<DateOptions, 'utc'> = {}): string {
  const date = readable(value);
  return date ? timeOfDay().format(date) : (options.missing ?? '—');
}

/** `2026-10` → "Oct 2026" (or "October 2026"): a calendar month, for chart labels and period names. */
export function formatMonth(month: string, style: 'short' | 'long' = 'short'): string {
  const [year, m] = month.split('-').map(Number);
  if (!year || !m) return month;
  return monthOfYear[style]().format(new Date(Date.UTC(year, m - 1, 1)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** DD/MM/YYYY on the user's calendar (their time zone), as SPEC.md's terms popup writes it; '' when unreadable. */
export function formatDayMonthYear(value: string | Date): string {
  const date = readable(value);
  if (!date) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}
