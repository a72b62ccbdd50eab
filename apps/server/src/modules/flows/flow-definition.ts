import type { CampaignAudience, DraftContent, FlowCondition, FlowDefinition } from '@wharf/contract';
import type { Executor } from '../../core/db/database.js';
import { badRequest } from '../../core/errors.js';
import type { FlowNeeds } from './deps.js';

export const flowInvalid = (message: string) => badRequest(message, 'FLOW_INVALID');

/** A condition step's condition as the one-filter audience the campaigns' condition reads. */
export function audienceOf(condition: FlowCondition): CampaignAudience {
  if (condition.field === 'list')
    return condition.mode === 'include'
      ? { lists: [condition.listId], excludeLists: [], filters: [] }
      : { lists: [], excludeLists: [condition.listId], filters: [] };
  return { lists: [], excludeLists: [], filters: [condition] };
}

/** Every list the definition names: its trigger's and its conditions'. */
function listsOf(definition: FlowDefinition): string[] {
  const lists = new Set<string>();
  if (definition.trigger?.kind === 'joinedList') lists.add(definition.trigger.listId);
  for (const step of definition.steps)
    if (step.kind === 'condition')
      for (const condition of step.conditions) if (condition.field === 'list') lists.add(condition.listId);
  return [...lists];
}

/**
 * A draft as it may be saved: step ids unique (a run's progress and the figures name steps by id),
 * and every list and draft it names the project's (404 with the marketing module's codes otherwise).
 */
export async function checkDefinition(
  tx: Executor,
  marketing: FlowNeeds['marketing'],
  projectId: string,
  definition: FlowDefinition,
): Promise<void> {
  const seen = new Set<string>();
  for (const step of definition.steps) {
    if (seen.has(step.id)) throw flowInvalid(`Two steps have the id “${step.id}”: give each step its own.`);
    seen.add(step.id);
  }
  await marketing.assertLists(tx, projectId, listsOf(definition));
  for (const step of definition.steps) if (step.kind === 'send') await marketing.findDraft(tx, projectId, step.draftId);
}

/** A draft's content as it stands now, checked to compile (400 TEMPLATE_INVALID); 404 when it is gone. */
export async function draftMail(
  tx: Executor,
  marketing: FlowNeeds['marketing'],
  projectId: string,
  draftId: string,
): Promise<DraftContent> {
  const draft = await marketing.findDraft(tx, projectId, draftId);
  const content: DraftContent = {
    subject: draft.subject,
    preheader: draft.preheader,
    format: draft.format,
    markdown: draft.markdown,
    blocks: draft.blocks,
  };
  marketing.compileOrRefuse(content);
  return content;
}

/**
 * What publishing takes: a trigger, a mail to send, and each send step's draft as it stands now,
 * compiled (400 TEMPLATE_INVALID), by step id: the version's mails never change after.
 */
export async function publishableMails(
  tx: Executor,
  marketing: FlowNeeds['marketing'],
  projectId: string,
  definition: FlowDefinition,
): Promise<Record<string, DraftContent>> {
  if (!definition.trigger) throw flowInvalid('Choose what starts the flow before publishing it.');
  if (!definition.steps.some((step) => step.kind === 'send'))
    throw flowInvalid('Add a step that sends a mail before publishing the flow.');
  await checkDefinition(tx, marketing, projectId, definition);
  const mails: Record<string, DraftContent> = {};
  for (const step of definition.steps) {
    if (step.kind !== 'send') continue;
    mails[step.id] = await draftMail(tx, marketing, projectId, step.draftId);
  }
  return mails;
}
