import { Fragment, type ReactNode } from 'react';

/**
 * The safe Markdown subset of chat messages, as React elements (never HTML: whatever the text holds
 * is text). Blocks: paragraphs, ``` code blocks ```, `> ` quotes. Inline: **bold**, *italic* or
 * _italic_, ~~struck~~, `code`, [links](https://…) and bare https links (http, https and mailto
 * only), and @mentions of the names given.
 */
export function Markdown({ text, mentionNames = [] }: { text: string; mentionNames?: readonly string[] }) {
  return <>{renderBlocks(text, mentionNames)}</>;
}

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

/** Only http, https and mailto: a `javascript:` link stays text. */
export function safeHref(url: string): string | null {
  return SAFE_URL.test(url.trim()) ? url.trim() : null;
}

function renderBlocks(text: string, names: readonly string[]): ReactNode[] {
  const blocks: ReactNode[] = [];
  const lines = text.split('\n');
  let i = 0;
  let key = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trimStart().startsWith('```')) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith('```')) body.push(lines[i++]!);
      i++; // the closing fence (or the end)
      blocks.push(
        <pre key={key++} className="my-1 overflow-x-auto rounded-md bg-surface-raised p-2 text-xs">
          <code>{body.join('\n')}</code>
        </pre>,
      );
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i]!.startsWith('>')) quoted.push(lines[i++]!.replace(/^>\s?/, ''));
      blocks.push(
        <blockquote key={key++} className="my-1 border-l-2 border-border pl-2 text-muted">
          {withBreaks(quoted, names)}
        </blockquote>,
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && !lines[i]!.trimStart().startsWith('```') && !lines[i]!.startsWith('>'))
      paragraph.push(lines[i++]!);
    blocks.push(
      <p key={key++} className="whitespace-pre-wrap break-words">
        {withBreaks(paragraph, names)}
      </p>,
    );
  }
  return blocks;
}

function withBreaks(lines: string[], names: readonly string[]): ReactNode[] {
  return lines.map((line, n) => (
    <Fragment key={n}>
      {n > 0 && <br />}
      {renderInline(line, names)}
    </Fragment>
  ));
}

interface InlineRule {
  pattern: RegExp;
  render: (match: RegExpExecArray, key: number, names: readonly string[]) => ReactNode;
}

const INLINE_RULES: InlineRule[] = [
  {
    pattern: /`([^`]+)`/,
    render: (m, key) => (
      <code key={key} className="rounded bg-surface-raised px-1 text-[0.9em]">
        {m[1]}
      </code>
    ),
  },
  {
    pattern: /\[([^\]]+)\]\(([^)\s]+)\)/,
    render: (m, key, names) => {
      const href = safeHref(m[2]!);
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
          {renderInline(m[1]!, names)}
        </a>
      ) : (
        <Fragment key={key}>{m[0]}</Fragment>
      );
    },
  },
  {
    pattern: /\bhttps?:\/\/[^\s<>()]+[^\s<>().,;:!?'"]/,
    render: (m, key) => (
      <a key={key} href={m[0]} target="_blank" rel="noopener noreferrer nofollow" className="text-primary underline">
        {m[0]}
      </a>
    ),
  },
  { pattern: /\*\*([^*]+)\*\*/, render: (m, key, names) => <strong key={key}>{renderInline(m[1]!, names)}</strong> },
  { pattern: /~~([^~]+)~~/, render: (m, key, names) => <s key={key}>{renderInline(m[1]!, names)}</s> },
  {
    pattern: /(?<![\w*])\*([^*\s][^*]*)\*(?!\w)|(?<!\w)_([^_\s][^_]*)_(?!\w)/,
    render: (m, key, names) => <em key={key}>{renderInline((m[1] ?? m[2])!, names)}</em>,
  },
];

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function mentionRule(names: readonly string[]): InlineRule | null {
  if (names.length === 0) return null;
  // Longest names first, so "@Ada Lovelace" wins over "@Ada".
  const alternatives = [...names]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return {
    pattern: new RegExp(`@(${alternatives})(?![\\w])`),
    render: (m, key) => (
      <span key={key} className="rounded bg-primary/15 px-0.5 font-medium text-primary" data-mention="">
        {m[0]}
      </span>
    ),
  };
}

/** The earliest match of any rule wins; the text around it is rendered again the same way. */
export function renderInline(text: string, names: readonly string[]): ReactNode[] {
  const rules = [...INLINE_RULES];
  const mention = mentionRule(names);
  if (mention) rules.unshift(mention);
  const out: ReactNode[] = [];
  let rest = text;
  let key = 0;
  while (rest.length > 0) {
    let best: { match: RegExpExecArray; rule: InlineRule } | null = null;
    for (const rule of rules) {
      const match = rule.pattern.exec(rest);
      if (match && (!best || match.index < best.match.index)) best = { match, rule };
    }
    if (!best) {
      out.push(rest);
      break;
    }
    if (best.match.index > 0) out.push(rest.slice(0, best.match.index));
    out.push(best.rule.render(best.match, key++, names));
    rest = rest.slice(best.match.index + best.match[0].length);
  }
  return out;
}
