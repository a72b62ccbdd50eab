/**
 * How a list speaks of what it holds. Its search box and its states say the rest alike on every
 * page ("Search members", "Loading members…", "No members match “ada”.").
 */
export interface ListWords {
  noun: [singular: string, plural: string];
  /** What to type in its search box ("Name or email"). */
  placeholder: string;
  /** What to try when a search finds nothing. */
  noMatchHint: string;
  /** What fills the list, said while it holds nothing. */
  emptyHint: string;
}
