/**
 * Money arrives as integer minor units plus an ISO 4217 currency (packages/contract billing.ts).
 * How many minor units make a major one depends on the currency (EUR 2, JPY 0, BHD 3), so every
 * conversion asks Intl rather than assuming cents.
 */

/** The currency's fraction digits as Intl knows them (2 when Intl does not know the code). */
export function fractionDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** `formatMoney(123456, 'EUR', 'en-GB')` → "€1,234.56"; the browser's locale unless told. */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  const digits = fractionDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    }).format(major);
  } catch {
    // An unknown code still shows its amount rather than breaking the page.
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/** A compact label for chart axes: "€1.2K". */
export function formatMoneyCompact(minor: number, currency: string, locale?: string): string {
  const major = minor / 10 ** fractionDigits(currency);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation: 'compact',
      // Currency formats carry two decimals by default: "€10K", not "€10.0K".
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(major);
  } catch {
    return formatMoney(minor, currency, locale);
  }
}

/**
 * What a person typed in an amount field ("12.50", "12,50", "1 000") as minor units, or null when
 * it is not an amount in that currency (more decimals than it has, letters, empty).
 */
export function parseMoneyInput(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(/[\s\u00a0']/g, '');
  if (cleaned === '') return null;
  const digits = fractionDigits(currency);
  // One decimal separator, either a point or a comma; no thousands separators besides spaces.
  const match = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign ? -minor : minor;
}

/** Minor units as the text of an amount field ("12.50" for 1250 EUR). */
export function minorToInput(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
