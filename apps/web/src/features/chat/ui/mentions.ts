/** The `@word` being typed just before the caret, if any (what the autocomplete completes). */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)@([^\s@]*)$/.exec(before);
  if (!match) return null;
  return { start: caret - match[2]!.length - 1, query: match[2]! };
}

/** Members whose name or email starts a word with the query, at most `limit`. */
export function matchMembers<T extends { name: string; email: string }>(
  members: readonly T[],
  query: string,
  limit = 6,
) {
  const q = query.toLowerCase();
  return members
    .filter(
      (m) =>
        !q ||
        m.name
          .toLowerCase()
          .split(/\s+/)
          .some((w) => w.startsWith(q)) ||
        m.email.toLowerCase().startsWith(q),
    )
    .slice(0, limit);
}

/** The ids of the people whose `@Name` is still in the text (a mention deleted while writing is dropped). */
export function mentionedIds(text: string, chosen: ReadonlyMap<string, string>): string[] {
  return [...chosen].filter(([, name]) => text.includes(`@${name}`)).map(([id]) => id);
}
