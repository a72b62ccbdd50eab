import { describe, expect, it } from 'vitest';
import { conditionWords, stepWords, triggerWords, type FlowNames } from './flow-words';
import { problemsElsewhere, problemsOf, problemsUnder } from './flow-problems';

const LIST = '11570000-0000-4000-8000-000000000001';
const DRAFT = 'd2af0000-0000-4000-8000-000000000001';
const names: FlowNames = { list: (id) => (id === LIST ? 'Newsletter' : undefined), draft: () => 'Welcome' };

describe('a flow in words', () => {
  it('says each trigger as the list shows it', () => {
    expect(triggerWords({ kind: 'joinedList', listId: LIST }, names)).toBe('When someone joins Newsletter');
    expect(triggerWords({ kind: 'firstOrder' })).toBe('After a first order');
    expect(triggerWords({ kind: 'orderFulfilled' })).toBe('When an order is fulfilled');
    expect(triggerWords({ kind: 'noPurchase', days: 30 })).toBe('30 days after the last purchase');
    expect(triggerWords({ kind: 'noPurchase', days: 1 })).toBe('1 day after the last purchase');
    expect(triggerWords(null)).toBe('No trigger yet');
  });

  it('says each step and condition, naming lists and drafts when it knows them', () => {
    expect(stepWords({ id: 'a', kind: 'wait', amount: 1, unit: 'hours' })).toBe('Wait 1 hour');
    expect(stepWords({ id: 'a', kind: 'send', draftId: DRAFT }, names)).toBe('Send “Welcome”');
    expect(stepWords({ id: 'a', kind: 'send', draftId: DRAFT })).toBe('Send a draft');
    expect(conditionWords({ field: 'list', mode: 'include', listId: 'other' }, names)).toBe('on a list');
    expect(conditionWords({ field: 'lastClicked', mode: 'exclude', comparator: 'gt', days: 30 })).toBe(
      'has not clicked a link more than 30 days ago',
    );
    expect(
      stepWords({
        id: 'a',
        kind: 'condition',
        conditions: [
          { field: 'gender', mode: 'exclude', value: 'male' },
          { field: 'lastPurchased', mode: 'include', comparator: 'lte', days: 90 },
        ],
      }),
    ).toBe('Continue only if gender is not male and has purchased in the last 90 days');
  });
});

describe('a draft’s problems', () => {
  it('finds the choices not made yet, by where they belong', () => {
    const problems = problemsOf({
      trigger: { kind: 'joinedList', listId: '' },
      steps: [
        { id: 'a', kind: 'send', draftId: '' },
        { id: 'b', kind: 'condition', conditions: [{ field: 'list', mode: 'include', listId: '' }] },
      ],
    });
    expect(problems).toEqual({
      'trigger.listId': 'Choose the list.',
      'steps.0.draftId': 'Choose the draft to send.',
      'steps.1.conditions.0.listId': 'Choose the list.',
    });
    expect(problemsUnder(problems, 'steps.1')).toEqual({ 'conditions.0.listId': 'Choose the list.' });
    expect(problemsElsewhere({ ...problems, steps: 'Use at most 50 steps.', subject: 'Bad.' })).toEqual([
      'steps: Use at most 50 steps.',
      'subject: Bad.',
    ]);
  });
});
