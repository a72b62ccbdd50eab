import type { FlowDefinition } from '@wharf/contract';
import { fieldName } from '../forms/form-errors';

/** Messages by where they belong in the draft: `trigger`, `steps.2.draftId`, `steps.1.conditions.0.listId`. */
export type FlowProblems = Record<string, string>;

/**
 * What the editor can tell before saving: the choices a person has not made yet (a list, a draft),
 * which the contract would refuse. A draft may lack its trigger; publishing says so.
 */
export function problemsOf(definition: FlowDefinition): FlowProblems {
  const problems: FlowProblems = {};
  const { trigger } = definition;
  if (trigger?.kind === 'joinedList' && !trigger.listId) problems['trigger.listId'] = 'Choose the list.';
  definition.steps.forEach((step, i) => {
    if (step.kind === 'send' && !step.draftId) problems[`steps.${i}.draftId`] = 'Choose the draft to send.';
    if (step.kind === 'condition') {
      if (step.conditions.length === 0) problems[`steps.${i}.conditions`] = 'Add a condition.';
      step.conditions.forEach((condition, j) => {
        if (condition.field === 'list' && !condition.listId)
          problems[`steps.${i}.conditions.${j}.listId`] = 'Choose the list.';
      });
    }
  });
  return problems;
}

/** The server's field errors (`body.steps.2.draftId`) by the same paths as `problemsOf`. */
export function problemsFromErrors(errors: readonly { path: string; message: string }[] | undefined): FlowProblems {
  const problems: FlowProblems = {};
  for (const { path, message } of errors ?? []) problems[fieldName(path)] ??= message;
  return problems;
}

/** The problems under `prefix` (a step's, the trigger's), by the rest of their path ('' for the prefix itself). */
export function problemsUnder(problems: FlowProblems, prefix: string): FlowProblems {
  const under: FlowProblems = {};
  for (const [path, message] of Object.entries(problems)) {
    if (path === prefix) under[''] = message;
    else if (path.startsWith(`${prefix}.`)) under[path.slice(prefix.length + 1)] = message;
  }
  return under;
}

/** The problems that belong to no trigger or step: shown above the editor. */
export function problemsElsewhere(problems: FlowProblems): string[] {
  return Object.entries(problems)
    .filter(([path]) => path !== 'trigger' && !path.startsWith('trigger.') && !/^steps\.\d+(\.|$)/.test(path))
    .map(([path, message]) => (path ? `${path}: ${message}` : message));
}
