import { UpdateSubscriberRequest, type SubscriberStatus } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import type { FormErrors } from '../../forms/form-errors';
import { validate } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { SubmitButton } from '../../../ui/SubmitButton';
import type { MailingList } from '../api/lists';
import type { Subscriber } from '../api/subscribers';
import { useUpdateSubscriber } from '../api/subscribers-changes';
import { ListPicker } from './list-picker';
import { attributeRows, attributesOf, AttributesEditor, type AttributeRow } from './subscriber-attributes';
import { genderOf, SubscriberIdentityFields, subscriberFormErrors } from './subscriber-fields';
import { statusesFrom, subscriberStatusWords } from './subscriber-status';

const FIELDS = ['email', 'name', 'gender', 'status', 'lists', 'attributes'] as const;

/** The first error about `prefix` or one of its parts (`attributes.plan`, `lists.0`). */
function errorUnder(errors: FormErrors, prefix: string): string | undefined {
  return Object.entries(errors.fields).find(([name]) => name === prefix || name.startsWith(`${prefix}.`))?.[1];
}

/** "Edit": the whole subscriber, saved at once (PUT). */
export function EditSubscriberDialog({
  project,
  subscriber,
  lists,
  open,
  onClose,
}: {
  project: string;
  subscriber: Subscriber;
  lists: readonly MailingList[];
  open: boolean;
  onClose: () => void;
}) {
  const update = useUpdateSubscriber(project, subscriber.id);
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <FormDialog open={open} title="Edit subscriber" onClose={close} busy={update.isPending}>
      <EditSubscriberForm subscriber={subscriber} lists={lists} update={update} onDone={close} />
    </FormDialog>
  );
}

function EditSubscriberForm({
  subscriber,
  lists,
  update,
  onDone,
}: {
  subscriber: Subscriber;
  lists: readonly MailingList[];
  update: ReturnType<typeof useUpdateSubscriber>;
  onDone: () => void;
}) {
  const { bindForm, ...form } = useForm({
    email: subscriber.email,
    name: subscriber.name,
    gender: subscriber.gender ?? '',
    status: subscriber.status as string,
  });
  const [chosen, setChosen] = useState(subscriber.lists.map((list) => list.id));
  const [rows, setRows] = useState<AttributeRow[]>(() => attributeRows(subscriber.attributes));
  // Lists they are on that the project's list no longer shows still count as chosen.
  const choices = [
    ...lists,
    ...subscriber.lists
      .filter((on) => !lists.some((list) => list.id === on.id))
      .map((on) => ({ ...on, optIn: 'single' as const })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const checked = validate(UpdateSubscriberRequest, {
      email: form.values.email,
      name: form.values.name,
      gender: genderOf(form.values.gender),
      status: form.values.status,
      lists: chosen,
      attributes: attributesOf(rows, subscriber.attributes),
    });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    update.mutate(checked.data, {
      onSuccess: () => {
        nudge({ message: 'Subscriber saved.', level: 'success' });
        onDone();
      },
      onError: (error) => form.setErrors(subscriberFormErrors(error, FIELDS)),
    });
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} className="grid gap-4" aria-label="Edit subscriber">
      <SubscriberIdentityFields
        email={form.field('email')}
        name={form.field('name')}
        gender={{ ...form.field('gender'), onChange: (value) => form.setValue('gender', value) }}
      />
      <SelectField
        label="Status"
        name="status"
        value={form.values.status}
        error={form.errors.fields.status}
        hint={
          subscriber.status === 'subscribed'
            ? undefined
            : subscriber.status === 'unconfirmed'
              ? 'They are subscribed once they follow the link in their confirmation mail.'
              : 'Only they can subscribe again, by signing up themselves.'
        }
        onChange={(event) => form.setValue('status', event.target.value as SubscriberStatus)}
      >
        {statusesFrom(subscriber.status).map((status) => (
          <option key={status} value={status}>
            {subscriberStatusWords[status]}
          </option>
        ))}
      </SelectField>
      <ListPicker lists={choices} chosen={chosen} onChange={setChosen} error={errorUnder(form.errors, 'lists')} />
      <AttributesEditor rows={rows} onChange={setRows} error={errorUnder(form.errors, 'attributes')} />
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={update.isPending} pendingLabel="Saving…">
          Save
        </SubmitButton>
      </div>
    </form>
  );
}
