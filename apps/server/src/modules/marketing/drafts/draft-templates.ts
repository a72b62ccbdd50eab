import type { DraftContent } from '@wharf/contract';
import { AppError } from '../../../core/errors.js';
import { compileMail, type CompiledMail, type MailContext } from '../render/compile.js';
import { describeProblem, TemplateError } from '../render/liquid.js';

/** How the editor names a field in a message: "The subject", "Block 3's address". */
function fieldLabel(field: string): string {
  const [part, index, name] = field.split('.');
  if (part === 'subject') return 'The subject';
  if (part === 'preheader') return 'The preheader';
  if (part === 'markdown') return 'The body';
  const block = `Block ${Number(index) + 1}`;
  return name === 'url' ? `${block}'s address` : block;
}

/**
 * The draft compiled, or 400 TEMPLATE_INVALID: the message names the first field at fault and its
 * line; `errors` holds each field's problem by its path (`subject`, `blocks.2.url`) for the editor.
 */
export function compileOrRefuse(content: DraftContent, context: MailContext): CompiledMail {
  try {
    return compileMail(content, context);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    const [first] = error.problems;
    const where = first ? `${fieldLabel(first.field)} does not parse: ${describeProblem(first)}` : error.message;
    throw new AppError(
      400,
      'TEMPLATE_INVALID',
      where,
      error.problems.map((problem) => ({ path: problem.field, message: describeProblem(problem) })),
    );
  }
}

/** Drafts are checked against a stand-in sender: names change nothing about whether a template parses. */
export const CHECK_CONTEXT: MailContext = { senderName: 'Sender', projectName: 'Project' };
