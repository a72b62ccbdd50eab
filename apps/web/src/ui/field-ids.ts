import { useId, type ReactNode } from 'react';

/** The ids that tie a field's control to its label, hint and error. */
export interface FieldIds {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  /** Spread on the input or select: its id, whether it is invalid, and what describes it (error first). */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** A field's ids; the hint's and error's only while they show, so `aria-describedby` never points at nothing. */
export function useFieldIds(hint: ReactNode, error: string | undefined): FieldIds {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return {
    id,
    hintId,
    errorId,
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}
