import type { ReactNode, TextareaHTMLAttributes } from 'react';
import { cx } from './cx';
import { useFieldIds } from './field-ids';
import { FieldFrame } from './FieldFrame';
import { inputClasses } from './TextField';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  /** Shown under the field, tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; marks it invalid. */
  error?: string | undefined;
}

/** A labelled text area that grows downwards, with its hint and error wired to it (like TextField). */
export function TextAreaField({ label, hint, error, className, ...textarea }: TextAreaFieldProps) {
  const ids = useFieldIds(hint, error);
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error}>
      <textarea {...ids.control} {...textarea} className={cx(inputClasses, 'mt-1.5 resize-y', className)} />
    </FieldFrame>
  );
}
