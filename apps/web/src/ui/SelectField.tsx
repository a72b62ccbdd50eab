import type { ReactNode, SelectHTMLAttributes } from 'react';
import { cx } from './cx';
import { useFieldIds } from './field-ids';
import { FieldFrame } from './FieldFrame';
import { inputClasses } from './TextField';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field, tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; marks it invalid. */
  error?: string | undefined;
}

/**
 * A labelled native select (keyboard, screen readers and the phone's own picker for free) with its
 * hint and error wired to it.
 */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        {...ids.control}
        // A select matches :read-only, which the text fields' classes grey out.
        className={cx(inputClasses, 'mt-1.5 pr-8 read-only:bg-surface! read-only:text-text!')}
        {...select}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
