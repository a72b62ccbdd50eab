import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { mergeRefs } from './merge-refs';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | undefined;
  /** Neither checked nor unchecked (a "select all" over a partial selection); shown as a dash. */
  indeterminate?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A native checkbox (a click on it or its label, or Space, toggles it; SPEC.md section 4) with its
 * label and error. `indeterminate` is a DOM property with no attribute, so it is set on the element.
 */
export function Checkbox({ label, error, indeterminate = false, className, ref, ...input }: CheckboxProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const setIndeterminate = (node: HTMLInputElement | null) => {
    if (node) node.indeterminate = indeterminate;
  };
  return (
    <div className={className}>
      <div className="flex items-start gap-2.5">
        <input
          ref={mergeRefs(setIndeterminate, ref)}
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          className="mt-0.5 size-4 shrink-0 accent-primary"
          {...input}
        />
        <label htmlFor={id} className="text-sm text-text">
          {label}
        </label>
      </div>
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
