/*
 * Every link of a rendered body passes here per recipient, after the merge tags are filled: a merge
 * value can make a link (`[Your page]({{ subscriber.attributes.page }})`), so only now is the whole
 * address known. A link that is not a web or mail address is dropped (the text stays, unlinked); an
 * image that is not a web address is dropped. Then the campaign's `link` rewrite (click tracking)
 * sees each address once.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute's value as the browser reads it: markdown-it and Liquid escape what they write. */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[name.toLowerCase()] ?? whole;
  });
}

/** Where a link may go: the web and mail. */
export const isLinkUrl = (url: string) => /^(https?:\/\/[^\s]|mailto:[^\s])/i.test(url);
/** What an image may load: the web only. */
export const isImageUrl = (url: string) => /^https?:\/\/[^\s]/i.test(url);

const URL_ATTRIBUTE = /\s(href|src)="([^"]*)"/g;

/** The body's links checked and rewritten, and its images checked. */
export function checkLinks(html: string, link?: (url: string) => string): string {
  return html.replace(URL_ATTRIBUTE, (_, name: string, value: string) => {
    const url = decodeEntities(value).trim();
    if (name === 'src') return isImageUrl(url) ? ` src="${escapeHtml(url)}"` : '';
    if (!isLinkUrl(url)) return '';
    return ` href="${escapeHtml(link ? link(url) : url)}"`;
  });
}
