const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as DD/MM/YYYY on the user's calendar (their time zone); '' for a time that can't be read. */
export function formatTermsDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
}

/** SPEC.md section 2: the popup's 'Last updated: DD/MM/YYYY'. */
export function lastUpdatedText(iso: string): string {
  const date = formatTermsDate(iso);
  return date ? `Last updated: ${date}` : '';
}
