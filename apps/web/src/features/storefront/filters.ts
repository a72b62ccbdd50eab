import { parseMoneyInput } from '../billing/money';

/**
 * The storefront's filters as the API takes them. Dates are typed as days (`<input type="date">`,
 * the person's own calendar) and sent as the instants that day starts and ends where they are.
 */

/** `2026-11-01` → the ISO instant that day starts, locally; undefined for no day. */
export function dayStart(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** `2026-11-30` → the last instant of that day, locally (an end is inclusive). */
export function dayEnd(day: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T23:59:59.999`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** What is wrong with a From/To pair of days (`YYYY-MM-DD`), or undefined when either end is open or they are in order. */
export function dateRangeError(from: string, to: string): string | undefined {
  return from && to && from > to ? 'The end date must not be before the start date.' : undefined;
}

/** The local day `days` before `now`, as a date field holds it (`YYYY-MM-DD`). */
export function daysAgo(days: number, now: Date = new Date()): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The comparisons a number filter offers; `between` is an inclusive range. */
export const COMPARISONS = ['any', 'gte', 'gt', 'lte', 'lt', 'eq', 'between'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const comparisonWords: Record<Comparison, string> = {
  any: 'Any',
  gte: 'At least',
  gt: 'More than',
  lte: 'At most',
  lt: 'Less than',
  eq: 'Exactly',
  between: 'Between',
};

/** A number filter as typed: the comparison and one value, or two for `between`. */
export interface NumberFilterInput {
  comparison: Comparison;
  value: string;
  /** The upper end of `between`. */
  to: string;
}

export const noNumberFilter: NumberFilterInput = { comparison: 'any', value: '', to: '' };

/** How a typed value becomes the whole number the API compares (a count as is; money in minor units). */
export type ValueReader = (text: string) => number | null;

export const readCount: ValueReader = (text) => {
  const trimmed = text.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : null;
};

/** An amount typed in major units (12.50) as minor units of `currency` (1250); none below zero. */
export function moneyReader(currency: string): ValueReader {
  return (text) => {
    const minor = parseMoneyInput(text, currency);
    return minor === null || minor < 0 ? null : minor;
  };
}

/**
 * The API's form of a number filter (`gte:3`, `2..5`), undefined when there is nothing to filter by,
 * or an error saying what to fix.
 */
export function numberFilterValue(
  input: NumberFilterInput,
  read: ValueReader,
): { value: string | undefined; error?: string } {
  if (input.comparison === 'any') return { value: undefined };
  if (input.value.trim() === '' && (input.comparison !== 'between' || input.to.trim() === ''))
    return { value: undefined };
  const from = read(input.value);
  if (from === null) return { value: undefined, error: 'Enter a number of zero or more.' };
  if (input.comparison !== 'between') return { value: `${input.comparison}:${from}` };
  const to = read(input.to);
  if (to === null) return { value: undefined, error: 'Enter both ends of the range.' };
  if (to < from) return { value: undefined, error: 'The range’s end must not be below its start.' };
  return { value: `${from}..${to}` };
}
