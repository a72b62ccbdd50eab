import { formatDate as consoleDate, formatDateTime, formatMonth as consoleMonth } from '../../ui/dates';

/**
 * Dates of billing documents, in the console's one date format (ui/dates.ts). The server sends ISO
 * instants (UTC).
 */

/** Billing periods are whole UTC days: the UTC date, so 1 Nov 00:00Z never reads as 31 Oct. */
export function formatDate(iso: string | null | undefined, locale?: string): string {
  return consoleDate(iso, { utc: true, locale });
}

export { formatDateTime };

/**
 * A period `[start, end)`: the end is exclusive, so the last day shown is the day before it
 * ("1 Oct 2026 – 31 Oct 2026").
 */
export function formatPeriod(start: string, end: string, locale?: string): string {
  const lastDay = new Date(Date.parse(end) - 1).toISOString();
  return `${formatDate(start, locale)} – ${formatDate(lastDay, locale)}`;
}

/** `2026-10` → "Oct 2026" (chart labels). */
export function formatMonth(month: string, _locale?: undefined, style: 'short' | 'long' = 'short'): string {
  return consoleMonth(month, style);
}

/** The month before `now`'s as `YYYY-MM` (the summaries' default period). */
export function lastMonth(now: Date = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** `2026-10` → the period's start and (exclusive) end as ISO instants. */
export function monthPeriod(month: string): { periodStart: string; periodEnd: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return null;
  const year = Number(match[1]);
  const m = Number(match[2]);
  if (m < 1 || m > 12) return null;
  return {
    periodStart: new Date(Date.UTC(year, m - 1, 1)).toISOString(),
    periodEnd: new Date(Date.UTC(year, m, 1)).toISOString(),
  };
}

/** `from`/`to` dates (`YYYY-MM-DD`, both included) → a period whose end is the day after `to`. */
export function datesPeriod(from: string, to: string): { periodStart: string; periodEnd: string } | null {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(end + 24 * 3600 * 1000).toISOString() };
}
