/**
 * How money and text are written into exported files (billing's and the storefront's). Amounts are
 * integer minor units; files show them as exact decimal strings in major units (never through a
 * float), with as many fraction digits as the currency has (EUR 2, JPY 0, BHD 3).
 */

const digitsCache = new Map<string, number>();

/** The currency's minor-unit exponent, as ICU knows it (ISO 4217); a code ICU refuses counts as 2. */
export function currencyDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    try {
      digits =
        new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    } catch {
      digits = 2;
    }
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** -1234 EUR → "-12.34"; 5 EUR → "0.05"; 1234 JPY → "1234". String arithmetic keeps it exact. */
export function majorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(minor));
  if (digits === 0) return sign + whole;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/** The characters a spreadsheet reads as the start of a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Free text a user, a storefront or an integration wrote (descriptions, names, source references) is
 * defused with a leading apostrophe, so that `=HYPERLINK(...)` opens as text in Excel or Sheets.
 * Amounts are written by us and may start with a minus: they are not passed through here.
 */
export function safeText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}
