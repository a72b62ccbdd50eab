import type { FlowStep } from '@wharf/contract';

/** The contract's rule for a step id. */
const STEP_ID = /^[A-Za-z0-9_-]{1,40}$/;

/**
 * A new step's id, unique in the flow: the editor chooses it, and a run's progress names the step it
 * is at, so a step keeps its id when it moves or when the draft is published again.
 */
export function newStepId(taken: readonly { id: string }[]): string {
  for (;;) {
    const id = `s-${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
    if (STEP_ID.test(id) && !taken.some((step) => step.id === id)) return id;
  }
}

/** A step of `kind` as the editor adds it: a day's wait, one condition to fill in, a draft to choose. */
export function newStep(kind: FlowStep['kind'], taken: readonly { id: string }[]): FlowStep {
  const id = newStepId(taken);
  switch (kind) {
    case 'wait':
      return { id, kind, amount: 1, unit: 'days' };
    case 'condition':
      return { id, kind, conditions: [{ field: 'lastOpened', mode: 'include', comparator: 'lte', days: 30 }] };
    case 'send':
      return { id, kind, draftId: '' };
  }
}
