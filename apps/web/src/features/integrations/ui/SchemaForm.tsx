import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../ui/Alert';
import { Checkbox } from '../../../ui/Checkbox';
import { NumberInput } from '../../../ui/NumberInput';
import { SelectField } from '../../../ui/SelectField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { PasswordField, TextField } from '../../../ui/TextField';
import { checkValues, clampNumbers, initialValues, type FieldSpec, type FormValues } from '../json-schema';

export interface SchemaFormProps {
  /** Names the form for screen readers ("Settings", "Credentials"). */
  label: string;
  fields: readonly FieldSpec[];
  /** The saved values; the schema's defaults fill the rest. */
  saved?: Record<string, unknown>;
  /** Fields that may be left blank whatever the schema says (stored credentials are kept). */
  optional?: ReadonlySet<string>;
  /** What the server said about each field, beside it, in its words. */
  serverErrors?: Record<string, string>;
  /** What the server said about the whole form. */
  message?: string | undefined;
  notice?: string | null;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  disabled?: boolean;
  onSubmit: (data: Record<string, unknown>) => void;
  children?: ReactNode;
}

/** What a number field says it takes, from the schema's bounds. */
function rangeHint(field: FieldSpec): string | undefined {
  const min = field.minimum ?? field.exclusiveMinimum;
  const max = field.maximum ?? field.exclusiveMaximum;
  const whole = field.kind === 'integer' ? 'A whole number' : 'A number';
  if (min !== undefined && max !== undefined) return `${whole} from ${min} to ${max}.`;
  if (min !== undefined) return `${whole}, at least ${min}.`;
  if (max !== undefined) return `${whole}, at most ${max}.`;
  return undefined;
}

function hintOf(field: FieldSpec): string | undefined {
  const range = field.kind === 'number' || field.kind === 'integer' ? rangeHint(field) : undefined;
  return [field.hint, range].filter(Boolean).join(' ') || undefined;
}

/**
 * A form generated from a module's JSON Schema (json-schema.ts): one field per property by its
 * type, checked in the browser by the schema's rules before `onSubmit` gets the values as the
 * schema wants them. The server's field errors show beside the same fields.
 */
export function SchemaForm(props: SchemaFormProps) {
  const { fields, serverErrors = {}, pending, disabled = false } = props;
  // Write-only fields start empty whatever is stored.
  const [values, setValues] = useState<FormValues>(() =>
    initialValues(
      fields,
      Object.fromEntries(
        Object.entries(props.saved ?? {}).filter(([name]) => !fields.find((f) => f.name === name)?.secret),
      ),
    ),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A server error stays beside its field until the field is changed.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const set = (name: string, value: string | boolean) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors(({ [name]: _, ...rest }) => rest);
    setEdited((e) => new Set(e).add(name));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A number typed and submitted at once (Enter) is clamped as the field clamps it on leaving.
    const clamped = clampNumbers(fields, values);
    setValues(clamped);
    const checked = checkValues(fields, clamped, props.optional ? { optional: props.optional } : {});
    if (!checked.ok) {
      setErrors(checked.errors);
      // The first field to fix gets the focus.
      const first = fields.find((f) => checked.errors[f.name]);
      if (first) event.currentTarget.querySelector<HTMLElement>(`[name="${first.name}"]`)?.focus();
      return;
    }
    setErrors({});
    setEdited(new Set());
    props.onSubmit(checked.data);
  };

  const errorOf = (name: string) => errors[name] ?? (edited.has(name) ? undefined : serverErrors[name]);

  return (
    <form aria-label={props.label} noValidate onSubmit={submit} className="grid gap-4">
      {fields.map((field) => {
        const common = {
          name: field.name,
          label: field.label,
          hint: hintOf(field),
          error: errorOf(field.name),
          disabled: disabled || pending,
        };
        const text = String(values[field.name] ?? '');
        switch (field.kind) {
          case 'boolean':
            return (
              <Checkbox
                key={field.name}
                name={field.name}
                label={field.label}
                error={errorOf(field.name)}
                disabled={disabled || pending}
                checked={values[field.name] === true}
                onChange={(event) => set(field.name, event.target.checked)}
              />
            );
          case 'enum':
            return (
              <SelectField
                key={field.name}
                {...common}
                value={text}
                required={field.required}
                onChange={(event) => set(field.name, event.target.value)}
              >
                {(!field.required || text === '') && <option value="">{field.required ? 'Choose…' : 'None'}</option>}
                {field.options?.map((option) => (
                  <option key={String(option.value)} value={String(option.value)}>
                    {option.label}
                  </option>
                ))}
              </SelectField>
            );
          case 'number':
          case 'integer': {
            const typed = text.trim() === '' ? null : Number(text.replace(',', '.'));
            return (
              <NumberInput
                key={field.name}
                {...common}
                value={typed !== null && Number.isFinite(typed) ? typed : null}
                min={field.minimum}
                max={field.maximum}
                step={field.kind === 'integer' ? 1 : 0.01}
                hideStepper
                required={field.required && !props.optional?.has(field.name)}
                onValueChange={(value) => set(field.name, value === null ? '' : String(value))}
              />
            );
          }
          default: {
            const secret = field.secret === true;
            const Field = secret ? PasswordField : TextField;
            const type = secret
              ? {}
              : { type: field.kind === 'email' ? 'email' : field.kind === 'url' ? 'url' : 'text' };
            return (
              <Field
                key={field.name}
                {...common}
                {...type}
                value={text}
                required={field.required && !props.optional?.has(field.name)}
                autoComplete={secret ? 'new-password' : 'off'}
                placeholder={secret && props.optional?.has(field.name) ? 'Stored. Leave blank to keep it.' : undefined}
                onChange={(event) => set(field.name, event.target.value)}
              />
            );
          }
        }
      })}
      {props.children}
      {props.message && <Alert tone="danger">{props.message}</Alert>}
      {props.notice && <Alert tone="success">{props.notice}</Alert>}
      <div>
        <SubmitButton pending={pending} pendingLabel={props.pendingLabel} disabled={disabled}>
          {props.submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
