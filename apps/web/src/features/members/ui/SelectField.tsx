import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { cx } from '../../../ui/cx';
import { inputClasses } from '../../../ui/TextField';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
}

/** A labelled native select (keyboard and screen readers for free) with its hint and error wired to it. */
export function SelectField({ label, hint, error, className, children, ...select }: SelectFieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <div className="flex">
        <label htmlFor={id} className="text-sm font-medium text-text">
          {label}
        </label>
      </div>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        // A select matches :read-only, which the text fields' classes grey out.
        className={cx(inputClasses, 'mt-1.5 pr-8 read-only:bg-surface! read-only:text-text!')}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
      {hint && (
        <div id={hintId} className="mt-1.5 text-xs/5 text-muted">
          {hint}
        </div>
      )}
    </div>
  );
}
