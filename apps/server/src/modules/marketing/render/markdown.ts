import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';
import { aroundLiquid, startsWithPlaceholder } from './protect.js';
import { STYLE } from './styles.js';

/*
 * The author's Markdown, turned once at compile time into the HTML and plain-text templates that
 * Liquid then renders per recipient. Raw HTML is off (a draft cannot carry a script or a form), and a
 * link goes only to a web or mail address, or to a merge tag checked when it is rendered.
 */

// A line break in a paragraph is one in the mail (`breaks`): "Thanks,⏎The team" is how people sign off.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false, breaks: true });
md.validateLink = (url) => /^(https?:\/\/|mailto:)/i.test(url.trim()) || startsWithPlaceholder(url.trim());

/** Mail clients drop <style> sheets, so each element carries its look. */
const STYLE_BY_TAG: Record<string, string> = {
  p: STYLE.paragraph,
  h1: STYLE.h1,
  h2: STYLE.h2,
  h3: STYLE.h3,
  h4: STYLE.h4,
  h5: STYLE.h4,
  h6: STYLE.h4,
  a: STYLE.link,
  ul: STYLE.list,
  ol: STYLE.list,
  li: STYLE.listItem,
  blockquote: STYLE.quote,
  pre: STYLE.pre,
  code: STYLE.code,
  hr: STYLE.rule,
  img: STYLE.image,
  table: STYLE.table,
  th: STYLE.cell,
  td: STYLE.cell,
};

function styleTokens(tokens: Token[]): void {
  for (const token of tokens) {
    const style = token.nesting >= 0 ? STYLE_BY_TAG[token.tag] : undefined;
    if (style) token.attrSet('style', style);
    if (token.children) styleTokens(token.children);
  }
}

/** Markdown (with placeholders for its tags) to inline-styled HTML. */
function renderHtml(text: string): string {
  const tokens = md.parse(text, {});
  styleTokens(tokens);
  // Fences render as <pre><code>: the <pre> gets the block's look.
  return md.renderer.render(tokens, md.options, {}).replaceAll('<pre>', `<pre style="${STYLE.pre}">`);
}

/** The HTML template of a Markdown source with merge tags. */
export function markdownToHtmlTemplate(source: string): string {
  return aroundLiquid(source, renderHtml);
}

/** The plain-text template of a Markdown source: what it says, with links' addresses in brackets. */
export function markdownToTextTemplate(source: string): string {
  return aroundLiquid(source, (text) => tokensToText(md.parse(text, {})));
}

function inlineText(children: Token[]): string {
  let out = '';
  const links: { href: string; start: number }[] = [];
  for (const token of children) {
    switch (token.type) {
      case 'text':
      case 'code_inline':
        out += token.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        out += '\n';
        break;
      case 'image':
        if (token.content) out += `[${token.content}]`;
        break;
      case 'link_open':
        links.push({ href: String(token.attrGet('href') ?? ''), start: out.length });
        break;
      case 'link_close': {
        const link = links.pop();
        const label = link ? out.slice(link.start) : '';
        if (link?.href && link.href !== label && link.href !== `mailto:${label}`) out += ` [${link.href}]`;
        break;
      }
    }
  }
  return out;
}

/**
 * Block tokens to readable text: paragraphs and headings apart by a blank line, list items marked
 * "-" or "1.", quotes with "> ", code as written, a rule as "---".
 */
function tokensToText(tokens: Token[]): string {
  const lines: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let quotes = 0;
  let marker: string | null = null;

  const write = (text: string) => {
    const quote = '> '.repeat(quotes);
    const indent = '   '.repeat(Math.max(0, lists.length - 1));
    text.split('\n').forEach((line, index) => {
      const lead = marker !== null && index === 0 ? `${indent}${marker}` : lists.length > 0 ? `${indent}   ` : '';
      lines.push(`${quote}${lead}${line}`.trimEnd());
    });
    marker = null;
  };
  const gap = () => {
    if (lists.length === 0 && lines.at(-1) !== '') lines.push(quotes > 0 ? '>' : '');
  };

  for (const token of tokens) {
    switch (token.type) {
      case 'inline':
        write(inlineText(token.children ?? []));
        break;
      case 'paragraph_close':
      case 'heading_close':
        gap();
        break;
      case 'bullet_list_open':
        lists.push({ ordered: false, next: 1 });
        break;
      case 'ordered_list_open':
        lists.push({ ordered: true, next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        gap();
        break;
      case 'list_item_open': {
        const list = lists.at(-1);
        marker = list?.ordered ? `${list.next++}. ` : '- ';
        break;
      }
      case 'blockquote_open':
        quotes += 1;
        break;
      case 'blockquote_close':
        // The quote's last paragraph left a quoted blank line: the quote ends with its text.
        if (lines.at(-1) === '>') lines.pop();
        quotes -= 1;
        gap();
        break;
      case 'fence':
      case 'code_block':
        write(token.content.replace(/\n$/, ''));
        gap();
        break;
      case 'hr':
        write('---');
        gap();
        break;
      case 'tr_close':
        gap();
        break;
    }
  }
  return lines.join('\n').trim();
}
