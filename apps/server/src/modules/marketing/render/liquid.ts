import { Liquid, type Template } from 'liquidjs';

/*
 * Liquid as drafts may use it (decision 038): merge tags and simple logic, never code, files or
 * unescaped output. The engine reads no file system (no include, render or layout tags, and an empty
 * in-memory template map should any lookup happen), sees only a scope's own properties, refuses an
 * unknown filter when parsing, and bounds what one template may cost: its length, each render's
 * time and the memory its filters and loops may allocate.
 */

/** Tags that would reach outside the template (files) or write the author's text unescaped (raw). */
const REFUSED_TAGS = ['include', 'render', 'layout', 'block', 'raw'] as const;
/** `raw` is the one filter that skips the HTML part's escaping. */
const REFUSED_FILTERS = ['raw'] as const;

/** The most characters one parse may read: a whole body of blocks (100 × 20,000) with room to spare. */
const PARSE_LIMIT = 4_000_000;
/** Milliseconds one render may take: a mail is microseconds; a runaway loop is stopped here. */
const RENDER_LIMIT_MS = 250;
/** What one render's filters and ranges may allocate (characters or items). */
const MEMORY_LIMIT = 10_000_000;

function safeLiquid(escapeOutput: boolean): Liquid {
  const liquid = new Liquid({
    templates: {},
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    jsTruthy: false,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    // Times in mails are UTC unless a filter says otherwise: the server's zone is nobody's.
    timezoneOffset: 0,
    ...(escapeOutput ? { outputEscape: 'escape' as const } : {}),
  });
  for (const tag of REFUSED_TAGS) delete liquid.tags[tag];
  for (const filter of REFUSED_FILTERS) liquid.unregisterFilter(filter);
  return liquid;
}

/** The HTML part's engine: every `{{ value }}` is HTML-escaped. */
export const htmlLiquid = safeLiquid(true);
/** The subject's and the plain-text part's engine: nothing to escape. */
export const textLiquid = safeLiquid(false);

/** A draft's field that cannot be rendered, as the editor shows it under that field. */
export interface TemplateProblem {
  /** `subject`, `preheader`, `markdown`, or `blocks.<index>.<field>`. */
  field: string;
  /** 1-based, within the field's own text; null when the whole field is wrong (an address). */
  line: number | null;
  /** What is wrong, without the position (that is `line`). */
  reason: string;
}

export const describeProblem = (problem: TemplateProblem) =>
  problem.line === null ? problem.reason : `${problem.reason} (line ${problem.line})`;

/** A draft that does not compile: every field's problem, the first in the message. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
  constructor(readonly problems: TemplateProblem[]) {
    super(problems[0] ? describeProblem(problems[0]) : 'The template does not parse.');
  }
}

interface LiquidFailure {
  message?: unknown;
  token?: { getPosition?: () => [number, number] };
}

/** A liquidjs error's message without its ", line:3, col:1" tail, and its line. */
export function describeLiquidError(error: unknown): { reason: string; line: number | null } {
  const failure = (error ?? {}) as LiquidFailure;
  const raw = typeof failure.message === 'string' ? failure.message : String(error);
  const reason = raw.replace(/,?\s*line:\d+,\s*col:\d+\s*$/, '').trim() || 'The template does not parse.';
  const position = failure.token?.getPosition?.();
  const fromMessage = /line:(\d+)/.exec(raw);
  const line = position?.[0] ?? (fromMessage ? Number(fromMessage[1]) : null);
  return { reason: friendlier(reason), line };
}

/** liquidjs speaks of tags and filters by its own names; say what the author can do about it. */
function friendlier(reason: string): string {
  const tag = /^tag "?([\w#]+)"? not found/.exec(reason);
  if (tag) return `The tag "${tag[1]}" is not available in mails.`;
  const filter = /^undefined filter: (\w+)/.exec(reason);
  if (filter) return `The filter "${filter[1]}" is not available in mails.`;
  return reason;
}

/** Parse `source` as the template of `field`, or note the field's problem and answer null. */
export function parseTemplate(
  liquid: Liquid,
  field: string,
  source: string,
  problems: TemplateProblem[],
): Template[] | null {
  try {
    return liquid.parse(source);
  } catch (error) {
    problems.push({ field, ...describeLiquidError(error) });
    return null;
  }
}

/** Liquid's opening marks: a text without either renders as itself. */
export const hasLiquid = (source: string) => source.includes('{{') || source.includes('{%');
