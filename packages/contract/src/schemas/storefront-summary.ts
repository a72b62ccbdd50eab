import { z } from 'zod';
import { MoneyTotal } from './billing.js';

/*
 * The dashboard's storefront card (issue 22): a shop's orders and revenue per day over the last
 * `days` days, with the period before it for the "vs previous period" delta.
 */

export const SUMMARY_DAYS_MIN = 7;
export const SUMMARY_DAYS_MAX = 90;
export const SUMMARY_DAYS_DEFAULT = 30;

export const StorefrontSummaryQuery = z.object({
  project: z.uuid(),
  /** How many calendar days, today included. */
  days: z.coerce
    .number()
    .int('Use a whole number of days.')
    .min(SUMMARY_DAYS_MIN, `Use at least ${SUMMARY_DAYS_MIN} days.`)
    .max(SUMMARY_DAYS_MAX, `Use at most ${SUMMARY_DAYS_MAX} days.`)
    .default(SUMMARY_DAYS_DEFAULT),
});

/**
 * One period's totals. `orders` counts every order placed; `revenue` adds up those paid (paid,
 * processing or complete: not new, not refunded); `averageOrderValue` is revenue per paid order,
 * rounded to a minor unit, 0 without one.
 */
export const StorefrontPeriodTotals = z
  .object({
    orders: z.number().int(),
    paidOrders: z.number().int(),
    revenue: MoneyTotal,
    averageOrderValue: MoneyTotal,
  })
  .meta({ id: 'StorefrontPeriodTotals' });
export type StorefrontPeriodTotals = z.infer<typeof StorefrontPeriodTotals>;

export const StorefrontSummaryDay = z
  .object({
    /** A calendar day in `timeZone`, `YYYY-MM-DD`. */
    date: z.iso.date(),
    orders: z.number().int(),
    revenue: MoneyTotal,
  })
  .meta({ id: 'StorefrontSummaryDay' });
export type StorefrontSummaryDay = z.infer<typeof StorefrontSummaryDay>;

export const StorefrontSummary = z
  .object({
    /** The shop's currency; null until its first order. */
    currency: z.string().nullable(),
    /** The IANA time zone the days are counted in: the project's setting, else UTC. */
    timeZone: z.string(),
    /** One entry per day, oldest first, the last being today; days without orders are zero. */
    days: z.array(StorefrontSummaryDay),
    totals: StorefrontPeriodTotals,
    /** The same number of days just before: what the delta compares against. */
    previous: StorefrontPeriodTotals,
  })
  .meta({ id: 'StorefrontSummary' });
export type StorefrontSummary = z.infer<typeof StorefrontSummary>;
