import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { cx } from './cx';
import { useFieldIds } from './field-ids';
import { FieldFrame } from './FieldFrame';

export const inputClasses =
  'block w-full rounded-md border border-border bg-surface px-3 py-2.5 text-base text-text shadow-xs ' +
  'placeholder:text-muted sm:py-2 sm:text-sm ' +
  'focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus ' +
  'aria-invalid:border-danger aria-invalid:focus-visible:outline-danger read-only:bg-surface-raised read-only:text-muted disabled:opacity-60';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field, tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; marks it invalid. */
  error?: string | undefined;
  /** Beside the label, right-aligned (a "Forgot your password?" link). */
  labelAside?: ReactNode;
  /** Inside the field, at its right end (a "Show" button). */
  trailing?: ReactNode;
  /**
   * Classes of the input itself (capitals for a code); `className` styles the whole field, whose
   * label and hint keep the console's sentence case.
   */
  inputClassName?: string;
}

/** A labelled input with its hint and error wired to it (label for, aria-describedby, aria-invalid). */
export function TextField({
  label,
  hint,
  error,
  labelAside,
  trailing,
  className,
  inputClassName,
  ...input
}: TextFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} labelAside={labelAside} hint={hint} error={error} className={className}>
      <div className="relative mt-1.5">
        <input
          {...ids.control}
          className={cx(inputClasses, trailing ? 'pr-20' : undefined, inputClassName)}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}

/** A password field with a Show/Hide toggle (the value is never echoed anywhere else). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      spellCheck={false}
      autoCapitalize="none"
      trailing={
        <button
          type="button"
          className="rounded px-2 py-1 text-xs font-medium text-primary hover:bg-surface-raised"
          aria-pressed={visible}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
