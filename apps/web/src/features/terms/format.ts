import { formatDayMonthYear } from '../../ui/dates';

/**
 * A moment as DD/MM/YYYY on the user's calendar (their time zone); '' for a time that can't be read.
 * SPEC.md fixes this format for the terms popup; everywhere else the console's date format is used.
 */
export function formatTermsDate(iso: string): string {
  return formatDayMonthYear(iso);
}

/** SPEC.md section 2: the popup's 'Last updated: DD/MM/YYYY'. */
export function lastUpdatedText(iso: string): string {
  const date = formatTermsDate(iso);
  return date ? `Last updated: ${date}` : '';
}
