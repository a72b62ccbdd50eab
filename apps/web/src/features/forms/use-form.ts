import { useCallback, useEffect, useState, type ChangeEvent } from 'react';
import { noErrors, type FormErrors } from './form-errors';

export interface FieldProps {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
}

/**
 * A small controlled-form helper: values, errors beside fields and for the form, and focus on the
 * first invalid field (in page order) whenever errors are shown.
 */
export function useForm<V extends Record<string, string | boolean>>(initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrorState] = useState<FormErrors>(noErrors);
  const [focusRequest, setFocusRequest] = useState(0);
  // A callback ref (the element in state): the form helper is used during render, and a ref
  // object inside it would be read there.
  const [formElement, bindForm] = useState<HTMLFormElement | null>(null);

  useEffect(() => {
    if (focusRequest === 0) return;
    formElement?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest, formElement]);

  const setValue = useCallback(<K extends keyof V>(name: K, value: V[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field answers its error; the form's message stays until the next attempt.
    setErrorState((current) => {
      if (!(name in current.fields)) return current;
      const fields = { ...current.fields };
      delete fields[name as string];
      return { ...current, fields };
    });
  }, []);

  /** Shows errors and moves focus to the first invalid field. */
  const setErrors = useCallback((next: FormErrors) => {
    setErrorState(next);
    if (Object.keys(next.fields).length > 0) setFocusRequest((n) => n + 1);
  }, []);

  const clearErrors = useCallback(() => setErrorState(noErrors), []);

  function field<K extends keyof V & string>(name: K): FieldProps {
    return {
      name,
      value: String(values[name] ?? ''),
      onChange: (event) => setValue(name, event.target.value as V[K]),
      error: errors.fields[name],
    };
  }

  return { values, setValue, setValues, errors, setErrors, clearErrors, field, bindForm };
}
