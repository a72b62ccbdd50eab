/*
 * The mail's look, as inline styles (mail clients drop style sheets). One place, so the Markdown
 * body, the blocks and the layout agree.
 */

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

export const COLOURS = {
  page: '#f4f4f5',
  band: '#18181b',
  card: '#ffffff',
  text: '#27272a',
  muted: '#71717a',
  rule: '#e4e4e7',
  link: '#2563eb',
  button: '#18181b',
  buttonText: '#ffffff',
} as const;

/** The content column (SPEC.md section 2: the mail layout is 520 px) and its padding. */
export const CONTENT_WIDTH = 520;
export const CONTENT_PADDING = 24;
/** What an image may fill: the column less its padding. */
export const INNER_WIDTH = CONTENT_WIDTH - 2 * CONTENT_PADDING;

const heading = (size: number) =>
  `margin:0 0 12px;font-family:${FONT};font-size:${size}px;line-height:1.3;font-weight:700;color:${COLOURS.text};`;

export const STYLE = {
  font: FONT,
  body: `font-family:${FONT};font-size:16px;line-height:1.6;color:${COLOURS.text};`,
  paragraph: 'margin:0 0 16px;',
  h1: heading(26),
  h2: heading(22),
  h3: heading(18),
  h4: heading(16),
  link: `color:${COLOURS.link};text-decoration:underline;`,
  list: 'margin:0 0 16px;padding:0 0 0 24px;',
  listItem: 'margin:0 0 4px;',
  quote: `margin:0 0 16px;padding:0 0 0 12px;border-left:3px solid ${COLOURS.rule};color:${COLOURS.muted};`,
  pre: `margin:0 0 16px;padding:12px;background:${COLOURS.page};border-radius:4px;overflow-x:auto;white-space:pre-wrap;`,
  code: 'font-family:SFMono-Regular,Menlo,Consolas,monospace;font-size:14px;',
  rule: `border:0;border-top:1px solid ${COLOURS.rule};margin:24px 0;`,
  image: 'display:block;max-width:100%;height:auto;border:0;',
  table: 'border-collapse:collapse;margin:0 0 16px;',
  cell: `border:1px solid ${COLOURS.rule};padding:6px 8px;text-align:left;`,
} as const;
