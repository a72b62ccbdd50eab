/** A run of a mail's plain text: words to show as they are, or a web address to link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/**
 * Web addresses only: `http://` or `https://` and everything up to whitespace, quotes or angle
 * brackets. Any other scheme (`javascript:`, `data:`, `mailto:` …) never matches, so it stays text.
 */
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"'`]+/gi;

/** Punctuation that ends a sentence rather than an address: "Open https://x.test/reset." */
const TRAILING = new Set(['.', ',', ';', ':', '!', '?', "'", '"', ')', ']', '}', '’', '”']);

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}

function trimTrailing(candidate: string): string {
  let end = candidate.length;
  while (end > 0) {
    const char = candidate[end - 1]!;
    if (!TRAILING.has(char)) break;
    // Keep a closing parenthesis the address itself opened: https://en.wikipedia.org/wiki/Wharf_(dock)
    if (char === ')' && count(candidate.slice(0, end), '(') >= count(candidate.slice(0, end), ')')) break;
    end--;
  }
  return candidate.slice(0, end);
}

/** The address as a link target, when it parses as an http(s) URL; undefined otherwise. */
export function safeWebHref(candidate: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** Splits plain text into text and http(s) links, in order; joined, the parts' text is the input. */
export function linkify(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = trimTrailing(match[0]);
    const href = safeWebHref(address);
    if (!href) continue;
    if (match.index > at) parts.push({ kind: 'text', text: text.slice(at, match.index) });
    parts.push({ kind: 'link', text: address, href });
    at = match.index + address.length;
  }
  if (at < text.length) parts.push({ kind: 'text', text: text.slice(at) });
  return parts;
}
