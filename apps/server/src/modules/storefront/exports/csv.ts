/**
 * How the storefront's exports write CSV (RFC 4180): fields separated by commas, records ended by
 * CRLF, a field quoted when it holds a comma, a quote or a line break, its quotes doubled. Money is
 * written exactly in major units beside its currency and text is defused against spreadsheet formulas
 * (both `core/export-format.ts`, shared with billing's exports), times as ISO 8601 in UTC.
 */

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

/** A moment as ISO 8601 in UTC (`2026-11-27T09:30:00.000Z`), or an empty field. */
export const isoTime = (at: Date | null | undefined): string => (at ? at.toISOString() : '');
