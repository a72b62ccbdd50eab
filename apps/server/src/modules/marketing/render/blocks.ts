import type { DraftBlock } from '@wharf/contract';
import { escapeHtml, isImageUrl, isLinkUrl } from './links.js';
import type { TemplateProblem } from './liquid.js';
import { markdownToHtmlTemplate, markdownToTextTemplate } from './markdown.js';
import { aroundLiquid, protectLiquid, startsWithPlaceholder } from './protect.js';
import { COLOURS, INNER_WIDTH, STYLE } from './styles.js';

/*
 * A block-written body, turned into the HTML and plain-text templates of the whole body: table-based
 * where mail clients need tables (a button, a rule), every string keeping its merge tags.
 */

/** Escape the author's text around its tags: `"` inside a tag is Liquid's, not HTML's. */
const html = (source: string) => aroundLiquid(source, escapeHtml);

const presentation = 'role="presentation" cellpadding="0" cellspacing="0" border="0"';

function blockHtml(block: DraftBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h2 style="${STYLE.h2}">${html(block.text)}</h2>`;
    case 'text':
      return markdownToHtmlTemplate(block.markdown);
    case 'button':
      return (
        `<table ${presentation} style="margin:8px 0 24px;"><tr>` +
        `<td style="border-radius:6px;background:${COLOURS.button};">` +
        `<a href="${html(block.url)}" style="display:inline-block;padding:12px 24px;font-family:${STYLE.font};` +
        `font-size:16px;font-weight:600;line-height:1.2;color:${COLOURS.buttonText};text-decoration:none;border-radius:6px;">` +
        `${html(block.label)}</a></td></tr></table>`
      );
    case 'image':
      return (
        `<img src="${html(block.url)}" alt="${html(block.alt)}" width="${INNER_WIDTH}" ` +
        `style="${STYLE.image}width:100%;max-width:${INNER_WIDTH}px;margin:0 0 16px;" />`
      );
    case 'divider':
      return (
        `<table ${presentation} width="100%" style="margin:8px 0 24px;"><tr>` +
        `<td style="border-top:1px solid ${COLOURS.rule};font-size:0;line-height:0;">&nbsp;</td></tr></table>`
      );
  }
}

function blockText(block: DraftBlock): string {
  switch (block.type) {
    case 'heading':
      return block.text;
    case 'text':
      return markdownToTextTemplate(block.markdown);
    case 'button':
      return block.url ? `${block.label} [${block.url}]` : block.label;
    case 'image':
      return block.alt ? `[${block.alt}]` : '';
    case 'divider':
      return '---';
  }
}

/** The HTML template of the whole body. */
export const blocksToHtmlTemplate = (blocks: DraftBlock[]) => blocks.map(blockHtml).join('\n');

/** The plain-text template of the whole body: blocks apart by a blank line. */
export const blocksToTextTemplate = (blocks: DraftBlock[]) =>
  blocks
    .map(blockText)
    .filter((text) => text.trim() !== '')
    .join('\n\n');

/** Each template string of a block, by the field name the editor knows it by. */
export function blockSources(block: DraftBlock): [field: string, source: string][] {
  switch (block.type) {
    case 'heading':
      return [['text', block.text]];
    case 'text':
      return [['markdown', block.markdown]];
    case 'button':
      return [
        ['label', block.label],
        ['url', block.url],
      ];
    case 'image':
      return [
        ['url', block.url],
        ['alt', block.alt],
      ];
    case 'divider':
      return [];
  }
}

/**
 * A button's or image's address that can never be right, whatever the merge values: it must be a
 * web address (or mail, for a button), or start with a merge tag that is checked when rendered.
 * An empty one is let be while the draft is written; it renders without a link.
 */
export function blockUrlProblem(block: DraftBlock, index: number): TemplateProblem | null {
  if (block.type !== 'button' && block.type !== 'image') return null;
  const url = block.url.trim();
  if (url === '') return null;
  if (startsWithPlaceholder(protectLiquid(url).text)) return null;
  const fits = block.type === 'button' ? isLinkUrl(url) : isImageUrl(url);
  if (fits) return null;
  const reason =
    block.type === 'button'
      ? 'Use a web address starting with https:// (or mailto: for mail).'
      : 'Use an image address starting with https://.';
  return { field: `blocks.${index}.url`, line: null, reason };
}
