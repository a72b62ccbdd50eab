/** Where a person's name splits into words: spaces, and the punctuation of an email address. */
export const PERSON_NAME_SEPARATORS = /[\s@._-]+/;

/** The first letters of a name's first two words, for a picture that is missing; '?' when it has none. */
export function initials(name: string, separators: RegExp = PERSON_NAME_SEPARATORS): string {
  return (
    name
      .split(separators)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => word[0]?.toUpperCase())
      .join('') || '?'
  );
}
