import sanitizeHtml from 'sanitize-html';

/**
 * What rich HTML written in the console (blog posts, platform terms) may hold: text structure,
 * lists, quotes, code, tables, links and images. No scripts, styles, frames, forms or event
 * handlers; links to http(s), mail and pages of the console only, each with rel="noopener
 * noreferrer"; images from https addresses only. The console renders the stored HTML as it is, so
 * this is the one line of defence: it runs on every write.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'mark',
    'small',
    'sub',
    'sup',
    'kbd',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    // `loading` is the transform's (lazy), which runs before this filter.
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    ol: ['start'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
  },
  // Relative addresses (`/support/faqs`) are the console's own pages; absolute ones need these schemes.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's (or popup's) title is its only h1.
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    a: (tagName, attribs) => {
      const kept = { ...attribs };
      delete kept.target;
      delete kept.rel;
      return {
        tagName,
        attribs: { ...kept, ...(attribs.target === '_blank' ? { target: '_blank' } : {}), rel: 'noopener noreferrer' },
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  exclusiveFilter: (frame) => {
    // Only https images: a relative or http source would still load over the page's scheme or in the clear.
    if (frame.tag === 'img') return !/^https:\/\//i.test(frame.attribs.src ?? '');
    // A link whose address was refused (`javascript:`) is left as its text.
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
  nestingLimit: 20,
};

/** Sanitised rich HTML, ready to store and render as it is. */
export function sanitizeRichHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}
