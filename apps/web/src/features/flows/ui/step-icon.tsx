import { Icon } from '../../../ui/Icon';

/** A clock and a funnel, drawn like the console's icons (24 × 24, 2px round strokes). */
const OWN_PATHS = {
  wait: ['M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0', 'M12 7v5l3 2'],
  condition: ['M4 5h16l-6 7.5V19l-4-2v-4.5z'],
};

export type FlowCardKind = 'trigger' | 'wait' | 'condition' | 'send';

/** The round badge at the start of a card: what kind of step it is, at a glance. */
export function StepIcon({ kind }: { kind: FlowCardKind }) {
  const tone =
    kind === 'trigger'
      ? 'bg-warning-soft text-warning'
      : kind === 'send'
        ? 'bg-primary-soft text-primary'
        : kind === 'condition'
          ? 'bg-success-soft text-success'
          : 'bg-surface-raised text-muted';
  return (
    <span className={`inline-flex size-9 shrink-0 items-center justify-center rounded-full ${tone}`} aria-hidden="true">
      {kind === 'trigger' ? (
        <Icon name="bolt" size={18} />
      ) : kind === 'send' ? (
        <Icon name="mail" size={18} />
      ) : (
        <svg
          viewBox="0 0 24 24"
          width={18}
          height={18}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          focusable="false"
          data-icon={kind}
        >
          {OWN_PATHS[kind].map((d) => (
            <path key={d} d={d} />
          ))}
        </svg>
      )}
    </span>
  );
}
