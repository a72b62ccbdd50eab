/*
 * Markdown and HTML escaping must not touch Liquid: `{{ name | default: "there" }}` would come out of
 * markdown-it as `&quot;there&quot;` and no longer parse, and `{{ a }}_{{ b }}` could turn into
 * emphasis. So each tag is swapped for a placeholder of plain letters and digits (which Markdown,
 * escaping and URL normalising all leave alone, in text and in link targets), the text is
 * transformed once at compile time, and the tags are put back.
 */

const TAG = /\{\{[\s\S]*?\}\}|\{%[\s\S]*?%\}/g;

export interface Protected {
  /** The source with every tag replaced by its placeholder. */
  text: string;
  /** Put the tags back into a transformed text. */
  restore: (transformed: string) => string;
}

/**
 * A prefix the source does not already hold, so no author's text is mistaken for a placeholder:
 * `wharfliquid` followed by one `x` more than the longest run the source has after it. One pass over
 * the source (searching again for each `x` added would take seconds on a long, hostile body).
 */
export function markerFor(source: string): string {
  let longest = -1;
  for (const found of source.matchAll(/wharfliquid(x*)/g)) longest = Math.max(longest, found[1]!.length);
  return `wharfliquid${'x'.repeat(longest + 1)}`;
}

export function protectLiquid(source: string): Protected {
  const marker = markerFor(source);
  const tags: string[] = [];
  const text = source.replace(TAG, (tag) => `${marker}${tags.push(tag) - 1}z`);
  if (tags.length === 0) return { text, restore: (transformed) => transformed };
  const placeholder = new RegExp(`${marker}(\\d+)z`, 'g');
  // A logic tag alone in its paragraph ({% if %} on its own line) should not leave an empty <p>.
  const alone = new RegExp(`<p[^>]*>${marker}(\\d+)z</p>\\n?`, 'g');
  return {
    text,
    restore: (transformed) =>
      transformed
        .replace(alone, (whole, index: string) => {
          const tag = tags[Number(index)]!;
          return tag.startsWith('{%') ? tag : whole;
        })
        .replace(placeholder, (_, index: string) => tags[Number(index)]!),
  };
}

/** Transform the text around the tags, leaving the tags as written. */
export function aroundLiquid(source: string, transform: (text: string) => string): string {
  const { text, restore } = protectLiquid(source);
  return restore(transform(text));
}

/** The placeholders, so that a link target made only of a tag (`{{ url }}`) is let through until render. */
export function startsWithPlaceholder(url: string): boolean {
  return /^wharfliquidx*\d+z/.test(url);
}
