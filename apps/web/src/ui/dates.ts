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

/*
 * A project's own time zone (an IANA name such as Europe/London): a campaign's schedule is shown
 * and typed in it, whatever the browser's zone, and sent as ISO 8601 with the zone's offset.
 */

const zonedFormats = new Map<string, { parts: Intl.DateTimeFormat; shown: Intl.DateTimeFormat }>();

/** The zone's formatters, or undefined for a name the browser does not know. */
function zoneFormats(timeZone: string) {
  let formats = zonedFormats.get(timeZone);
  if (!formats) {
    try {
      formats = {
        parts: new Intl.DateTimeFormat('en-US', {
          timeZone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
        shown: new Intl.DateTimeFormat(undefined, { timeZone, dateStyle: 'medium', timeStyle: 'short' }),
      };
    } catch {
      return undefined;
    }
    zonedFormats.set(timeZone, formats);
  }
  return formats;
}

/** True when the browser knows `timeZone` (a project's setting is stored unchecked). */
export function isKnownTimeZone(timeZone: string): boolean {
  return zoneFormats(timeZone) !== undefined;
}

/** The wall clock in `timeZone` at `ms`, as milliseconds of the same reading in UTC. */
function wallClockMs(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    zoneFormats(timeZone)!
      .parts.formatToParts(new Date(ms))
      .map((part) => [part.type, Number(part.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The wall-clock date and time ("2026-12-01", "09:00") of an instant in `timeZone`, as date and time inputs take them. */
export function wallClockIn(
  value: string | Date | null | undefined,
  timeZone: string,
): { date: string; time: string } | undefined {
  const date = readable(value);
  if (!date || !isKnownTimeZone(timeZone)) return undefined;
  const iso = new Date(wallClockMs(date.getTime(), timeZone)).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/**
 * The instant a wall-clock `date` ("2026-12-01") and `time` ("09:00") name in `timeZone`, as ISO
 * 8601 with the zone's offset then ("2026-12-01T09:00:00+00:00"); undefined when unreadable. A time
 * the clocks skip in spring reads as the hour after.
 */
export function isoInZone(date: string, time: string, timeZone: string): string | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match || !clock || !isKnownTimeZone(timeZone)) return undefined;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), Number(clock[1]), Number(clock[2]));
  if (Number.isNaN(wall)) return undefined;
  // The offset at a first guess, then at the instant it gives (they differ only near a change of clocks).
  let offset = wallClockMs(wall, timeZone) - wall;
  offset = wallClockMs(wall - offset, timeZone) - (wall - offset);
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset) / 60_000;
  return `${date}T${time}:00${sign}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** A moment in `timeZone`: "1 Dec 2026, 09:00" (the user's zone when the browser does not know it). */
export function formatDateTimeIn(value: string | Date | null | undefined, timeZone: string): string {
  const date = readable(value);
  if (!date) return '—';
  return (zoneFormats(timeZone)?.shown ?? dayAndTime()).format(date);
}
