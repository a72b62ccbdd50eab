import type { DrivePeriod } from '../../features/drive/api/admin-drive-metrics';

/** The periods the metrics offer: the last 7, 30 or 90 days. */
export const PERIOD_DAYS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIOD_DAYS)[number];

const DAY_MS = 86_400_000;

/** The last `days` whole UTC days, today the last of them (its counters are still growing). */
export function lastDays(days: number, now: Date = new Date()): DrivePeriod {
  const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start: iso(end - (days - 1) * DAY_MS), end: iso(end) };
}
