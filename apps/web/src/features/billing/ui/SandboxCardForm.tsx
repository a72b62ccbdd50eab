import { ApiError } from '@wharf/client';
import { SandboxPaymentMethodRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { formErrorsFrom, validate } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { useCreatePaymentMethod } from '../api';
import { useIdempotencyKey } from '../idempotency';
import { Button } from '../../../ui/Button';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';
import { Alert } from '../../../ui/Alert';
import { BillingError } from './BillingError';

const FIELDS = ['number', 'expMonth', 'expYear', 'cvc', 'holderName'] as const;

/** A typed number field as the contract reads it: empty is missing (its "Enter the …" message). */
const numberOrMissing = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/**
 * The sandbox gateway's card form (sandbox mode, the default). It checks the card with the
 * contract's own schema, so the browser says what the server would; the server's 400 field
 * errors still show beside their fields.
 */
export function SandboxCardForm({
  project,
  makeDefault,
  onAdded,
  onCancel,
}: {
  project: string;
  makeDefault: boolean;
  onAdded: (label: string) => void;
  onCancel: () => void;
}) {
  const create = useCreatePaymentMethod(project);
  const idempotency = useIdempotencyKey();
  const { bindForm, ...form } = useForm({ number: '', expMonth: '', expYear: '', cvc: '', holderName: '' });
  const [refusal, setRefusal] = useState<unknown>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    setRefusal(null);
    const checked = validate(SandboxPaymentMethodRequest, {
      vendor: 'sandbox',
      number: form.values.number,
      expMonth: numberOrMissing(form.values.expMonth),
      expYear: numberOrMissing(form.values.expYear),
      cvc: form.values.cvc.trim(),
      holderName: form.values.holderName,
      ...(makeDefault ? { isDefault: true } : {}),
    });
    if (!checked.ok) return form.setErrors(checked.errors);
    form.clearErrors();
    // The card's digits are never part of the key's text: the key only has to tell submissions apart.
    const key = idempotency.keyFor(
      `card:${checked.data.number.slice(-4)}:${checked.data.expMonth}:${checked.data.expYear}:${checked.data.holderName}`,
    );
    try {
      const card = await create.mutateAsync({ body: checked.data, key });
      idempotency.settle();
      onAdded(`•••• ${card.last4}`);
    } catch (error) {
      idempotency.settle(error);
      if (error instanceof ApiError && (error.status === 400 || error.status === 422)) {
        form.setErrors(formErrorsFrom(error, { fields: FIELDS }));
      } else {
        setRefusal(error);
      }
    }
  }

  return (
    <form ref={bindForm} noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Add a card" className="grid gap-4">
      <p className="text-xs text-muted">
        Sandbox mode: no real card is charged. Only the brand, last four digits and expiry are kept.
      </p>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        maxLength={40}
        {...form.field('number')}
      />
      <div className="grid grid-cols-3 gap-3">
        <TextField
          label="Month"
          inputMode="numeric"
          autoComplete="cc-exp-month"
          placeholder="MM"
          maxLength={2}
          {...form.field('expMonth')}
        />
        <TextField
          label="Year"
          inputMode="numeric"
          autoComplete="cc-exp-year"
          placeholder="YYYY"
          maxLength={4}
          {...form.field('expYear')}
        />
        <TextField label="CVC" inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...form.field('cvc')} />
      </div>
      <TextField label="Name on card" autoComplete="cc-name" maxLength={100} {...form.field('holderName')} />
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      {refusal !== null && <BillingError error={refusal} project={project} />}
      <div className="flex flex-col-reverse gap-2 xs:flex-row">
        <Button variant="secondary" onClick={onCancel} disabled={create.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel="Adding…">
          Add card
        </SubmitButton>
      </div>
    </form>
  );
}
