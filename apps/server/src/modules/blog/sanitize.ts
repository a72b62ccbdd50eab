import sanitizeHtml from 'sanitize-html';
import { sanitizeRichHtml } from '../../core/html/sanitize.js';

/** Sanitised HTML of a post: the console's rich-HTML rules, shared with the platform's terms. */
export function sanitizeBlogContent(html: string): string {
  return sanitizeRichHtml(html);
}

/** The text of some HTML, its white space collapsed: for excerpts made from content. */
export function textOf(html: string): string {
  return sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote|pre|dt|dd|figcaption|tr)>|<br\s*\/?>/gi, '$& '), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

/** An excerpt from content: its first sentences, cut at a word, at most `max` characters. */
export function excerptOf(html: string, max = 200): string {
  const text = textOf(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, '')}…`;
}
