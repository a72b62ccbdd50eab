import type { DraftContent } from '@wharf/contract';
import type { Liquid, Template } from 'liquidjs';
import { blockSources, blocksToHtmlTemplate, blocksToTextTemplate, blockUrlProblem } from './blocks.js';
import { layoutParts, openPixel, textFooter } from './layout.js';
import { checkLinks, escapeHtml } from './links.js';
import {
  describeLiquidError,
  hasLiquid,
  htmlLiquid,
  parseTemplate,
  TemplateError,
  textLiquid,
  type TemplateProblem,
} from './liquid.js';
import { markdownToHtmlTemplate, markdownToTextTemplate } from './markdown.js';
import { aroundLiquid } from './protect.js';

/*
 * A draft compiled once, rendered per recipient (decision 038). Compiling does the slow work —
 * Markdown, blocks, parsing every template — and renders nothing; `render` fills the merge tags, checks
 * and rewrites the body's links and joins the layout's fixed parts: microseconds a mail, so a
 * campaign's sender is held up by SMTP, not by this.
 */

/** What the merge tags see of a subscriber. */
export interface SubscriberVars {
  email: string;
  name: string;
  first_name: string;
  last_name: string;
  attributes: Record<string, string | number | boolean>;
}

export interface MailVars {
  subscriber: SubscriberVars;
  /** Their one-click unsubscribe page: the footer links to it, and `{{ unsubscribe_url }}` writes it. */
  unsubscribe_url: string;
}

/** A campaign's tracking, per recipient. */
export interface MailTracking {
  /** The address a body link should point to instead (a signed click-tracking link). Not the footer's unsubscribe link. */
  link?: (url: string) => string;
  /** An image whose loading records an open. */
  openPixelUrl?: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

export interface CompiledMail {
  /** Throws a TemplateError if a template runs past its time or memory limit (a loop too long). */
  render(vars: MailVars, tracking?: MailTracking): RenderedMail;
}

export interface MailContext {
  /** Shown in the header band: who the mail is from. */
  senderName: string;
  /** Named in the footer, and `{{ project.name }}`. */
  projectName: string;
}

/** A subscriber as the merge tags see them; the first and last name are the name's first word and the rest. */
export function subscriberVars(subscriber: {
  email: string;
  name: string;
  attributes?: Record<string, string | number | boolean>;
}): SubscriberVars {
  const name = subscriber.name.trim();
  const space = name.indexOf(' ');
  return {
    email: subscriber.email,
    name,
    first_name: space < 0 ? name : name.slice(0, space),
    last_name: space < 0 ? '' : name.slice(space + 1).trim(),
    attributes: { ...subscriber.attributes },
  };
}

/** A part of the mail: its text when it has no tags (most subjects), else its parsed template. */
type Part = { fixed: string } | { liquid: Liquid; templates: Template[]; field: string };

/** A part filled for one recipient; a render that runs out of time or memory is the field's TemplateError. */
function renderPart(part: Part, scope: object): string {
  if ('fixed' in part) return part.fixed;
  try {
    return part.liquid.renderSync(part.templates, scope) as string;
  } catch (error) {
    throw new TemplateError([{ field: part.field, ...describeLiquidError(error) }]);
  }
}

/**
 * Parse `source` for the problems the author made, with lines as they see them; then the template
 * `transformed` from it (Markdown made HTML, the tags kept) as it will render.
 */
function compilePart(
  liquid: Liquid,
  field: string,
  source: string,
  transformed: string,
  problems: TemplateProblem[],
): Part {
  if (!hasLiquid(transformed)) return { fixed: transformed };
  if (parseTemplate(liquid, field, source, problems) === null) return { fixed: '' };
  const templates = parseTemplate(liquid, field, transformed, problems);
  return templates ? { liquid, templates, field } : { fixed: '' };
}

interface BodyTemplates {
  html: string;
  text: string;
}

function bodyTemplates(content: DraftContent, problems: TemplateProblem[]): BodyTemplates {
  if (content.format === 'markdown') {
    parseTemplate(htmlLiquid, 'markdown', content.markdown, problems);
    return { html: markdownToHtmlTemplate(content.markdown), text: markdownToTextTemplate(content.markdown) };
  }
  content.blocks.forEach((block, index) => {
    for (const [field, source] of blockSources(block)) {
      parseTemplate(htmlLiquid, `blocks.${index}.${field}`, source, problems);
    }
    const url = blockUrlProblem(block, index);
    if (url) problems.push(url);
  });
  return { html: blocksToHtmlTemplate(content.blocks), text: blocksToTextTemplate(content.blocks) };
}

/** A body already checked field by field: a failure now is the assembly's, named for the whole body. */
function compileBody(liquid: Liquid, field: string, source: string, problems: TemplateProblem[]): Part {
  if (!hasLiquid(source)) return { fixed: source };
  try {
    return { liquid, templates: liquid.parse(source), field };
  } catch (error) {
    problems.push({ field, line: null, reason: describeLiquidError(error).reason });
    return { fixed: '' };
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Compile a draft's content, or throw a TemplateError listing every field that does not parse. */
export function compileMail(content: DraftContent, context: MailContext): CompiledMail {
  const problems: TemplateProblem[] = [];
  const subject = compilePart(textLiquid, 'subject', content.subject, content.subject, problems);
  // The preheader is text in an HTML element: escaped around its tags (whose values Liquid escapes).
  const preheader = compilePart(
    htmlLiquid,
    'preheader',
    content.preheader,
    aroundLiquid(content.preheader, escapeHtml),
    problems,
  );
  const body = bodyTemplates(content, problems);
  const bodyField = content.format === 'markdown' ? 'markdown' : 'blocks';
  const html = problems.length ? { fixed: '' } : compileBody(htmlLiquid, bodyField, body.html, problems);
  const text = problems.length ? { fixed: '' } : compileBody(textLiquid, bodyField, body.text, problems);
  if (problems.length > 0) throw new TemplateError(problems);

  const layout = layoutParts(context.senderName, context.projectName);
  const project = { name: context.projectName };
  return {
    render(vars, tracking = {}) {
      const scope = { subscriber: vars.subscriber, unsubscribe_url: vars.unsubscribe_url, project };
      const renderedSubject = oneLine(renderPart(subject, scope));
      const renderedBody = checkLinks(renderPart(html, scope), tracking.link);
      const pixel = tracking.openPixelUrl ? openPixel(tracking.openPixelUrl) : '';
      return {
        subject: renderedSubject,
        html:
          layout.beforeTitle +
          escapeHtml(renderedSubject) +
          layout.beforePreheader +
          renderPart(preheader, scope) +
          layout.beforeBody +
          renderedBody +
          layout.beforeUnsubscribe +
          escapeHtml(vars.unsubscribe_url) +
          layout.afterUnsubscribe +
          pixel +
          layout.end,
        text:
          renderPart(text, scope)
            .replace(/\n{3,}/g, '\n\n')
            .trim() + textFooter(context.projectName, vars.unsubscribe_url),
      };
    },
  };
}
