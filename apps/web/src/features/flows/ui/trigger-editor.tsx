import { FLOW_NO_PURCHASE_DAYS_MAX, FLOW_TRIGGER_KINDS, type FlowTrigger } from '@wharf/contract';
import { NumberInput } from '../../../ui/NumberInput';
import { SelectField } from '../../../ui/SelectField';
import type { FlowProblems } from '../flow-problems';
import type { Choice } from './step-editors';

type Kind = FlowTrigger['kind'];

const TRIGGER_CHOICES: Record<Kind, string> = {
  joinedList: 'Someone joins a list',
  firstOrder: 'A subscriber’s first order',
  orderFulfilled: 'An order is fulfilled',
  noPurchase: 'No purchase for a number of days',
};

/** A trigger of `kind` as it starts out when chosen. */
function triggerOf(kind: Kind): FlowTrigger {
  if (kind === 'joinedList') return { kind, listId: '' };
  if (kind === 'noPurchase') return { kind, days: 30 };
  return { kind };
}

/** What starts a subscriber's run: a list joined, an order, or days without one. */
export function TriggerEditor({
  trigger,
  onChange,
  lists,
  problems,
}: {
  trigger: FlowTrigger | null;
  onChange: (trigger: FlowTrigger | null) => void;
  lists: readonly Choice[];
  problems: FlowProblems;
}) {
  return (
    <div className="grid gap-3">
      <SelectField
        label="Start the flow when"
        value={trigger?.kind ?? ''}
        error={problems['']}
        onChange={(event) => onChange(event.target.value ? triggerOf(event.target.value as Kind) : null)}
      >
        <option value="">Choose a trigger…</option>
        {FLOW_TRIGGER_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {TRIGGER_CHOICES[kind]}
          </option>
        ))}
      </SelectField>
      {trigger?.kind === 'joinedList' && (
        <SelectField
          label="List"
          value={trigger.listId}
          error={problems['listId']}
          hint="Also when a member of it confirms their subscription."
          onChange={(event) => onChange({ ...trigger, listId: event.target.value })}
        >
          <option value="">Choose a list…</option>
          {lists.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name}
            </option>
          ))}
        </SelectField>
      )}
      {trigger?.kind === 'noPurchase' && (
        <NumberInput
          label="Days since the last purchase"
          value={trigger.days}
          min={1}
          max={FLOW_NO_PURCHASE_DAYS_MAX}
          error={problems['days']}
          hint="Someone who has never ordered does not enter."
          onValueChange={(days) => onChange({ ...trigger, days: days ?? 1 })}
        />
      )}
    </div>
  );
}
