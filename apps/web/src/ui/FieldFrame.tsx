import type { ReactNode } from 'react';
import type { FieldIds } from './field-ids';

export interface FieldFrameProps {
  /** From `useFieldIds(hint, error)`, whose `control` the child control spreads. */
  ids: FieldIds;
  label: ReactNode;
  /** Beside the label, right-aligned (a "Forgot your password?" link). */
  labelAside?: ReactNode;
  /** Shown under the field, tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; marks it invalid. */
  error?: string | undefined;
  className?: string | undefined;
  /** The control itself (an input, a select). */
  children: ReactNode;
}

/**
 * A field's label above its control, and its error and hint below, with the ids that tie them together.
 * Labels, errors and hints are in sentence case whatever the field's `className` says (`normal-case`):
 * a field whose value is a code in capitals must not put its label in capitals among normal ones.
 */
export function FieldFrame({ ids, label, labelAside, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={ids.id} className="text-sm font-medium text-text normal-case">
          {label}
        </label>
        {labelAside}
      </div>
      {children}
      {error && (
        <p id={ids.errorId} className="mt-1.5 text-sm text-danger normal-case">
          {error}
        </p>
      )}
      {hint && (
        <p id={ids.hintId} className="mt-1.5 text-xs text-muted normal-case">
          {hint}
        </p>
      )}
    </div>
  );
}
