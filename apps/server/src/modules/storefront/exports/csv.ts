/**
 * How the storefront's exports write CSV (RFC 4180): fields separated by commas, records ended by
 * CRLF, a field quoted when it holds a comma, a quote or a line break, its quotes doubled. Money is
 * written exactly in major units beside its currency, times as ISO 8601 in UTC, and text people or
 * storefronts wrote is defused against spreadsheet formulas (OWASP "CSV injection").
 */

/** The characters a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes a field need quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

/** One field as RFC 4180 writes it: as it is, or quoted with its quotes doubled. */
export function csvField(value: string): string {
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One record: its fields quoted as needed, joined by commas, ended by CRLF. */
export function csvRecord(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/**
 * Free text (a name, an email, a source, an address) with a leading apostrophe when it starts like a
 * formula, so `=HYPERLINK(…)` opens as text in Excel, Sheets or LibreOffice. Figures we write
 * ourselves (a negative amount) are not passed through here.
 */
export function safeText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A moment as ISO 8601 in UTC (`2026-11-27T09:30:00.000Z`), or an empty field. */
export const isoTime = (at: Date | null | undefined): string => (at ? at.toISOString() : '');

const digitsCache = new Map<string, number>();

/**
 * The currency's minor-unit exponent (ISO 4217, as ICU knows it): 2 for EUR or USD, 0 for JPY or
 * KRW, 3 for BHD. A code ICU refuses counts as 2.
 */
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

/** 1250 EUR → "12.50", 5 EUR → "0.05", -1234 EUR → "-12.34", 1250 JPY → "1250": string arithmetic, exact. */
export function majorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(minor));
  if (digits === 0) return sign + whole;
  const padded = whole.padStart(digits + 1, '0');
  return `${sign}${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}

/**
 * Reads RFC 4180 text back into records (what a spreadsheet does): for tests and the bench, which
 * check what an export wrote. Quoted fields may hold commas, doubled quotes and line breaks.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}
