import {
  AUDIENCE_COMPARATORS,
  FLOW_WAIT_MAX_HOURS,
  SUBSCRIBER_GENDERS,
  type FlowCondition,
  type FlowStep,
} from '@wharf/contract';
import { Link } from '@tanstack/react-router';
import { pathOf } from '../../../app/navigation';
import { Button } from '../../../ui/Button';
import { NumberInput } from '../../../ui/NumberInput';
import { SelectField } from '../../../ui/SelectField';
import { linkClass } from '../../storefront/ui/link-class';
import type { FlowProblems } from '../flow-problems';

type Step<K extends FlowStep['kind']> = Extract<FlowStep, { kind: K }>;
/** A choice offered in a picker: a mailing list or a mail draft. */
export interface Choice {
  id: string;
  name: string;
}

/** Wait: how many hours or days (at most a year). */
export function WaitEditor({ step, onChange }: { step: Step<'wait'>; onChange: (step: Step<'wait'>) => void }) {
  const max = step.unit === 'days' ? FLOW_WAIT_MAX_HOURS / 24 : FLOW_WAIT_MAX_HOURS;
  return (
    <div className="grid grid-cols-2 gap-3">
      <NumberInput
        label="Wait for"
        value={step.amount}
        min={1}
        max={max}
        onValueChange={(amount) => onChange({ ...step, amount: amount ?? 1 })}
      />
      <SelectField
        label="Unit"
        value={step.unit}
        onChange={(event) => {
          const unit = event.target.value as Step<'wait'>['unit'];
          const unitMax = unit === 'days' ? FLOW_WAIT_MAX_HOURS / 24 : FLOW_WAIT_MAX_HOURS;
          onChange({ ...step, unit, amount: Math.min(step.amount, unitMax) });
        }}
      >
        <option value="hours">Hours</option>
        <option value="days">Days</option>
      </SelectField>
    </div>
  );
}

const CONDITION_FIELDS: [FlowCondition['field'], string][] = [
  ['list', 'On a list'],
  ['gender', 'Gender'],
  ['lastOpened', 'Last opened a mail'],
  ['lastClicked', 'Last clicked a link'],
  ['lastPurchased', 'Last purchased'],
];

const COMPARATOR_WORDS: Record<(typeof AUDIENCE_COMPARATORS)[number], string> = {
  lte: 'In the last … days',
  lt: 'Less than … days ago',
  gte: '… days or more ago',
  gt: 'More than … days ago',
};

/** A new condition on `field`, keeping the row's include or exclude. */
function conditionOf(field: FlowCondition['field'], mode: FlowCondition['mode']): FlowCondition {
  if (field === 'list') return { field, mode, listId: '' };
  if (field === 'gender') return { field, mode, value: 'female' };
  return { field, mode, comparator: 'lte', days: 30 };
}

/**
 * Condition: rows of "continue only if…", all of which must hold; a subscriber who fails one leaves
 * the flow. Each row is a field, include or exclude, and the field's own choice.
 */
export function ConditionEditor({
  step,
  onChange,
  lists,
  problems,
}: {
  step: Step<'condition'>;
  onChange: (step: Step<'condition'>) => void;
  lists: readonly Choice[];
  problems: FlowProblems;
}) {
  const set = (j: number, condition: FlowCondition) =>
    onChange({ ...step, conditions: step.conditions.map((c, k) => (k === j ? condition : c)) });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium">Continue only if every condition holds</legend>
      <p className="-mt-1 text-xs text-muted">Otherwise the subscriber leaves the flow here.</p>
      <ol className="grid gap-3">
        {step.conditions.map((condition, j) => {
          const n = j + 1;
          return (
            <li
              key={j}
              aria-label={`Condition ${n}`}
              className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-2"
            >
              <SelectField
                label={`Condition ${n}`}
                value={condition.field}
                onChange={(event) => set(j, conditionOf(event.target.value as FlowCondition['field'], condition.mode))}
              >
                {CONDITION_FIELDS.map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={`Condition ${n} must`}
                value={condition.mode}
                onChange={(event) => set(j, { ...condition, mode: event.target.value as FlowCondition['mode'] })}
              >
                <option value="include">Match</option>
                <option value="exclude">Not match</option>
              </SelectField>
              {condition.field === 'list' ? (
                <SelectField
                  label={`Condition ${n} list`}
                  className="sm:col-span-2"
                  value={condition.listId}
                  error={problems[`conditions.${j}.listId`]}
                  onChange={(event) => set(j, { ...condition, listId: event.target.value })}
                >
                  <option value="">Choose a list…</option>
                  {lists.map((list) => (
                    <option key={list.id} value={list.id}>
                      {list.name}
                    </option>
                  ))}
                </SelectField>
              ) : condition.field === 'gender' ? (
                <SelectField
                  label={`Condition ${n} gender`}
                  className="sm:col-span-2"
                  value={condition.value}
                  onChange={(event) =>
                    set(j, { ...condition, value: event.target.value as (typeof SUBSCRIBER_GENDERS)[number] })
                  }
                >
                  {SUBSCRIBER_GENDERS.map((gender) => (
                    <option key={gender} value={gender}>
                      {gender === 'male' ? 'Male' : 'Female'}
                    </option>
                  ))}
                </SelectField>
              ) : (
                <>
                  <SelectField
                    label={`Condition ${n} when`}
                    value={condition.comparator}
                    onChange={(event) =>
                      set(j, {
                        ...condition,
                        comparator: event.target.value as (typeof AUDIENCE_COMPARATORS)[number],
                      })
                    }
                  >
                    {AUDIENCE_COMPARATORS.map((comparator) => (
                      <option key={comparator} value={comparator}>
                        {COMPARATOR_WORDS[comparator]}
                      </option>
                    ))}
                  </SelectField>
                  <NumberInput
                    label={`Condition ${n} days`}
                    value={condition.days}
                    min={0}
                    max={36_500}
                    onValueChange={(days) => set(j, { ...condition, days: days ?? 0 })}
                  />
                </>
              )}
              <div className="sm:col-span-2">
                <Button
                  variant="ghost"
                  size="small"
                  aria-label={`Remove condition ${n}`}
                  onClick={() => onChange({ ...step, conditions: step.conditions.filter((_, k) => k !== j) })}
                >
                  Remove condition
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {problems['conditions'] && <p className="text-sm text-danger">{problems['conditions']}</p>}
      {step.conditions.length < 20 && (
        <div>
          <Button
            variant="secondary"
            size="small"
            onClick={() =>
              onChange({ ...step, conditions: [...step.conditions, conditionOf('lastOpened', 'include')] })
            }
          >
            Add condition
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** Send: which of the project's mail drafts, with a way to open it. */
export function SendEditor({
  step,
  onChange,
  drafts,
  moreDrafts,
  project,
  problems,
}: {
  step: Step<'send'>;
  onChange: (step: Step<'send'>) => void;
  drafts: readonly Choice[];
  /** Loads the next page of drafts, when there is one. */
  moreDrafts?: (() => void) | undefined;
  project: string;
  problems: FlowProblems;
}) {
  const known = !step.draftId || drafts.some((draft) => draft.id === step.draftId);
  return (
    <div className="grid gap-2">
      <SelectField
        label="Mail to send"
        value={step.draftId}
        error={problems['draftId']}
        hint="The draft’s content is fixed when the flow is published."
        onChange={(event) => onChange({ ...step, draftId: event.target.value })}
      >
        <option value="">Choose a draft…</option>
        {!known && <option value={step.draftId}>The chosen draft</option>}
        {drafts.map((draft) => (
          <option key={draft.id} value={draft.id}>
            {draft.name}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap gap-3 text-sm">
        {step.draftId && (
          <Link
            to={pathOf('marketing.drafts.view', { draftId: step.draftId })}
            search={{ project }}
            className={linkClass}
          >
            Open the draft
          </Link>
        )}
        {moreDrafts && (
          <Button variant="ghost" size="small" onClick={moreDrafts}>
            Load more drafts
          </Button>
        )}
      </div>
    </div>
  );
}
