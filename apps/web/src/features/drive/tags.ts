/** Tags as typed in one field: separated by commas or spaces ("summer, sale" or "summer sale"). */
export function parseTags(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Tags as the field shows them. */
export function formatTags(tags: readonly string[]): string {
  return tags.join(', ');
}
