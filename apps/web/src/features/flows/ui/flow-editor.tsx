import { FLOW_STEPS_MAX, type FlowDefinition, type FlowStep } from '@wharf/contract';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Icon } from '../../../ui/Icon';
import { countWords, stepKindWords, stepWords, triggerWords, type FlowNames } from '../flow-words';
import { problemsUnder, type FlowProblems } from '../flow-problems';
import { newStep } from '../step-ids';
import { Connector, FlowCard } from './flow-card';
import { ConditionEditor, SendEditor, WaitEditor, type Choice } from './step-editors';
import { TriggerEditor } from './trigger-editor';

export interface FlowEditorProps {
  definition: FlowDefinition;
  onChange: (definition: FlowDefinition) => void;
  /** Without flows.manage: the list is shown, no control to change it. */
  readOnly: boolean;
  names: FlowNames;
  lists: readonly Choice[];
  drafts: readonly Choice[];
  moreDrafts?: (() => void) | undefined;
  project: string;
  /** Runs of the live version at each step id; null before the first publish. */
  atStep: Record<string, number> | null;
  problems: FlowProblems;
}

/** Which fields each kind's editor shows its problems beside; the rest are listed on the card. */
const SHOWN_BESIDE: Record<FlowStep['kind'] | 'trigger', (path: string) => boolean> = {
  trigger: (path) => path === '' || path === 'listId' || path === 'days',
  wait: () => false,
  condition: (path) => path === 'conditions' || /^conditions\.\d+\.listId$/.test(path),
  send: (path) => path === 'draftId',
};

const listed = (problems: FlowProblems, kind: keyof typeof SHOWN_BESIDE) =>
  Object.entries(problems)
    .filter(([path]) => !SHOWN_BESIDE[kind](path))
    .map(([, message]) => message);

const hereNow = (n: number) => `${countWords(n, 'subscriber', 'subscribers')} here now`;

/**
 * The draft as a vertical list: the trigger on top, then each step, joined by a line. Steps are added
 * on the line between two cards or at the end, edited in place, moved up and down and removed, all
 * with buttons. A card with a problem opens, so the field at fault is in sight.
 */
export function FlowEditor(props: FlowEditorProps) {
  const { definition, onChange, readOnly, names, atStep, problems } = props;
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const { steps } = definition;
  const isOpen = (key: string, prefix: string) =>
    !readOnly && (opened.has(key) || Object.keys(problemsUnder(problems, prefix)).length > 0);
  const toggle = (key: string) =>
    setOpened((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const setSteps = (next: FlowStep[]) => onChange({ ...definition, steps: next });
  const setStep = (i: number, step: FlowStep) => setSteps(steps.map((s, k) => (k === i ? step : s)));
  const add = (at: number, kind: FlowStep['kind']) => {
    const step = newStep(kind, steps);
    setSteps([...steps.slice(0, at), step, ...steps.slice(at)]);
    setOpened((current) => new Set(current).add(step.id));
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(i, 1);
    if (step) next.splice(i + by, 0, step);
    setSteps(next);
  };
  const full = steps.length >= FLOW_STEPS_MAX;

  const triggerProblems = problemsUnder(problems, 'trigger');
  const triggerOpen = isOpen('trigger', 'trigger');
  // People still at steps the draft no longer has: they finish the live version all the same.
  const elsewhere = atStep
    ? Object.entries(atStep)
        .filter(([id]) => !steps.some((step) => step.id === id))
        .reduce((sum, [, n]) => sum + n, 0)
    : 0;

  return (
    <div className="grid gap-2">
      <ol aria-label="Flow steps" className="grid">
        <li aria-label="Trigger">
          <FlowCard
            kind="trigger"
            caption="Trigger"
            summary={triggerWords(definition.trigger, names)}
            problems={listed(triggerProblems, 'trigger')}
            actions={
              !readOnly && (
                <Button
                  variant="ghost"
                  size="small"
                  aria-expanded={triggerOpen}
                  aria-label={triggerOpen ? 'Close the trigger' : 'Edit the trigger'}
                  onClick={() => toggle('trigger')}
                >
                  {triggerOpen ? 'Done' : 'Edit'}
                </Button>
              )
            }
          >
            {triggerOpen && (
              <TriggerEditor
                trigger={definition.trigger}
                onChange={(trigger) => onChange({ ...definition, trigger })}
                lists={props.lists}
                problems={triggerProblems}
              />
            )}
          </FlowCard>
          <Connector>
            {!readOnly && !full && steps.length > 0 && (
              <Inserter label="Add a step after the trigger" onAdd={(kind) => add(0, kind)} />
            )}
          </Connector>
        </li>
        {steps.map((step, i) => {
          const n = i + 1;
          const prefix = `steps.${i}`;
          const stepProblems = problemsUnder(problems, prefix);
          const open = isOpen(step.id, prefix);
          const last = i === steps.length - 1;
          const count = atStep?.[step.id];
          return (
            <li key={step.id} aria-label={`Step ${n}: ${stepKindWords[step.kind]}`}>
              <FlowCard
                kind={step.kind}
                caption={`Step ${n} · ${stepKindWords[step.kind]}`}
                summary={stepWords(step, names)}
                figure={count === undefined ? undefined : hereNow(count)}
                problems={listed(stepProblems, step.kind)}
                actions={
                  !readOnly && (
                    <>
                      <Button
                        variant="ghost"
                        size="small"
                        aria-expanded={open}
                        aria-label={open ? `Close step ${n}` : `Edit step ${n}`}
                        onClick={() => toggle(step.id)}
                      >
                        {open ? 'Done' : 'Edit'}
                      </Button>
                      <IconButton
                        icon="up"
                        label={`Move step ${n} up`}
                        disabled={i === 0}
                        onClick={() => move(i, -1)}
                      />
                      <IconButton
                        icon="down"
                        label={`Move step ${n} down`}
                        disabled={last}
                        onClick={() => move(i, 1)}
                      />
                      <IconButton
                        icon="close"
                        label={`Remove step ${n}`}
                        onClick={() => setSteps(steps.filter((_, k) => k !== i))}
                      />
                    </>
                  )
                }
              >
                {open && (
                  <StepEditor
                    step={step}
                    onStepChange={(next) => setStep(i, next)}
                    problems={stepProblems}
                    lists={props.lists}
                    drafts={props.drafts}
                    moreDrafts={props.moreDrafts}
                    project={props.project}
                  />
                )}
              </FlowCard>
              <Connector>
                {!readOnly && !full && !last && (
                  <Inserter label={`Add a step after step ${n}`} onAdd={(kind) => add(n, kind)} />
                )}
              </Connector>
            </li>
          );
        })}
      </ol>
      {!readOnly && !full ? (
        <Inserter label="Add a step at the end" onAdd={(kind) => add(steps.length, kind)} pinned />
      ) : (
        <p className="text-center text-xs text-muted">{steps.length === 0 ? 'No steps yet.' : 'End of the flow.'}</p>
      )}
      {elsewhere > 0 && (
        <p className="text-center text-xs text-muted">
          {countWords(elsewhere, 'subscriber is', 'subscribers are')} at steps this draft removes; they finish the live
          version.
        </p>
      )}
    </div>
  );
}

function StepEditor({
  step,
  onStepChange: onChange,
  problems,
  lists,
  drafts,
  moreDrafts,
  project,
}: Pick<FlowEditorProps, 'lists' | 'drafts' | 'moreDrafts' | 'project'> & {
  step: FlowStep;
  onStepChange: (step: FlowStep) => void;
  problems: FlowProblems;
}) {
  switch (step.kind) {
    case 'wait':
      return <WaitEditor step={step} onChange={onChange} />;
    case 'condition':
      return <ConditionEditor step={step} onChange={onChange} lists={lists} problems={problems} />;
    case 'send':
      return (
        <SendEditor
          step={step}
          onChange={onChange}
          drafts={drafts}
          moreDrafts={moreDrafts}
          project={project}
          problems={problems}
        />
      );
  }
}

function IconButton({
  icon,
  label,
  disabled,
  onClick,
}: {
  icon: 'up' | 'down' | 'close';
  label: string;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Button
      variant="ghost"
      size="small"
      className="size-8 px-0!"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon
        name={icon === 'close' ? 'close' : 'chevron-down'}
        size={16}
        className={icon === 'up' ? 'shrink-0 rotate-180' : 'shrink-0'}
      />
    </Button>
  );
}

const KINDS: FlowStep['kind'][] = ['wait', 'condition', 'send'];

/**
 * Adds a step where it stands: a "+" on the line that opens the three kinds, or (`pinned`, at the
 * end of the flow) the three kinds at once.
 */
function Inserter({
  label,
  onAdd,
  pinned = false,
}: {
  label: string;
  onAdd: (kind: FlowStep['kind']) => void;
  pinned?: boolean;
}) {
  const [open, setOpen] = useState(false);
  if (!pinned && !open)
    return (
      <button
        type="button"
        aria-label={label}
        title={label}
        onClick={() => setOpen(true)}
        className="inline-flex size-7 items-center justify-center rounded-full border border-border bg-surface text-muted hover:bg-surface-raised hover:text-text focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      >
        <Icon name="plus" size={14} />
      </button>
    );
  return (
    <div
      role="group"
      aria-label={label}
      className="flex flex-wrap items-center justify-center gap-2 rounded-xl border border-dashed border-border p-2"
    >
      <span className="text-xs text-muted">{pinned ? 'Add a step:' : 'Add here:'}</span>
      {KINDS.map((kind) => (
        <Button
          key={kind}
          variant="secondary"
          size="small"
          onClick={() => {
            onAdd(kind);
            setOpen(false);
          }}
        >
          {stepKindWords[kind]}
        </Button>
      ))}
      {!pinned && (
        <Button variant="ghost" size="small" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      )}
    </div>
  );
}
