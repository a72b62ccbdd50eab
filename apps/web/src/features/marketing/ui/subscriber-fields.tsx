import { ApiError } from '@wharf/client';
import { SUBSCRIBER_GENDERS, type SubscriberGender } from '@wharf/contract';
import { formErrorsFrom, type FormErrors } from '../../forms/form-errors';
import type { FieldProps } from '../../forms/use-form';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';

export const genderWords: Record<SubscriberGender, string> = { male: 'Male', female: 'Female' };

/** A gender as the form holds it: '' for none. */
export function genderOf(value: string): SubscriberGender | null {
  return (SUBSCRIBER_GENDERS as readonly string[]).includes(value) ? (value as SubscriberGender) : null;
}

/** The API's conflicts about the address itself: already a subscriber, or on the do-not-mail list. */
const ADDRESS_CONFLICTS = new Set(['SUBSCRIBER_EXISTS', 'ADDRESS_SUPPRESSED']);

/**
 * A failed save of a subscriber, as the form shows it, in the server's words: a conflict about the
 * address beside it, any other conflict for the form, bad input beside its fields.
 */
export function subscriberFormErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (error instanceof ApiError && error.status === 409)
    return ADDRESS_CONFLICTS.has(error.code)
      ? { fields: { email: error.message } }
      : { fields: {}, message: error.message };
  return formErrorsFrom(error, { fields });
}

/** Email, name and gender: what the add and edit forms share. */
export function SubscriberIdentityFields({
  email,
  name,
  gender,
}: {
  email: FieldProps;
  name: FieldProps;
  gender: Omit<FieldProps, 'onChange'> & { onChange: (value: string) => void };
}) {
  return (
    <>
      <TextField label="Email" type="email" autoComplete="off" spellCheck={false} required {...email} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" hint="Optional." {...name} />
        <SelectField
          label="Gender"
          name={gender.name}
          value={gender.value}
          error={gender.error}
          onChange={(event) => gender.onChange(event.target.value)}
        >
          <option value="">Not given</option>
          {SUBSCRIBER_GENDERS.map((value) => (
            <option key={value} value={value}>
              {genderWords[value]}
            </option>
          ))}
        </SelectField>
      </div>
    </>
  );
}
