import type { FlowCondition, FlowStatus, FlowStep, FlowTrigger } from '@wharf/contract';
import type { TagTone } from '../../ui/Tag';

/** Names of the project's mailing lists and drafts by id, for sentences about a flow. */
export interface FlowNames {
  list: (id: string) => string | undefined;
  draft: (id: string) => string | undefined;
}

export const noNames: FlowNames = { list: () => undefined, draft: () => undefined };

export const flowStatusWords: Record<FlowStatus, { label: string; tone: TagTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  active: { label: 'Active', tone: 'success' },
  paused: { label: 'Paused', tone: 'warning' },
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/** "When someone joins Newsletter", "30 days after the last purchase". */
export function triggerWords(trigger: FlowTrigger | null, names: FlowNames = noNames): string {
  if (!trigger) return 'No trigger yet';
  switch (trigger.kind) {
    case 'joinedList':
      return `When someone joins ${names.list(trigger.listId) ?? 'a list'}`;
    case 'firstOrder':
      return 'After a first order';
    case 'orderFulfilled':
      return 'When an order is fulfilled';
    case 'noPurchase':
      return `${plural(trigger.days, 'day', 'days')} after the last purchase`;
  }
}

const ACTIVITY_VERBS = { lastOpened: 'opened a mail', lastClicked: 'clicked a link', lastPurchased: 'purchased' };

/** How many days ago, as a comparator reads: `lte 90` is "in the last 90 days". */
export function daysAgoWords(comparator: 'gt' | 'gte' | 'lt' | 'lte', days: number): string {
  const span = plural(days, 'day', 'days');
  switch (comparator) {
    case 'lte':
      return `in the last ${span}`;
    case 'lt':
      return `less than ${span} ago`;
    case 'gte':
      return `${span} or more ago`;
    case 'gt':
      return `more than ${span} ago`;
  }
}

/** "on Newsletter", "not male", "purchased in the last 90 days". */
export function conditionWords(condition: FlowCondition, names: FlowNames = noNames): string {
  const not = condition.mode === 'exclude' ? 'not ' : '';
  if (condition.field === 'list') return `${not}on ${names.list(condition.listId) ?? 'a list'}`;
  if (condition.field === 'gender') return `gender is ${not}${condition.value}`;
  return `${condition.mode === 'exclude' ? 'has not ' : 'has '}${ACTIVITY_VERBS[condition.field]} ${daysAgoWords(
    condition.comparator,
    condition.days,
  )}`;
}

/** A step as one sentence: what the card says. */
export function stepWords(step: FlowStep, names: FlowNames = noNames): string {
  switch (step.kind) {
    case 'wait':
      return `Wait ${plural(step.amount, step.unit === 'days' ? 'day' : 'hour', step.unit)}`;
    case 'condition':
      return step.conditions.length === 0
        ? 'Continue only if… (add a condition)'
        : `Continue only if ${step.conditions.map((c) => conditionWords(c, names)).join(' and ')}`;
    case 'send': {
      if (!step.draftId) return 'Send a mail (choose a draft)';
      const name = names.draft(step.draftId);
      return name ? `Send “${name}”` : 'Send a draft';
    }
  }
}

export const stepKindWords: Record<FlowStep['kind'], string> = {
  wait: 'Wait',
  condition: 'Condition',
  send: 'Send a mail',
};

export { plural as countWords };
