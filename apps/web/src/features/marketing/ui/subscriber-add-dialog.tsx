import { CreateSubscriberRequest } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { validate } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SubmitButton } from '../../../ui/SubmitButton';
import type { MailingList } from '../api/lists';
import { useCreateSubscriber } from '../api/subscribers-changes';
import { ListPicker } from './list-picker';
import { genderOf, SubscriberIdentityFields, subscriberFormErrors } from './subscriber-fields';

const FIELDS = ['email', 'name', 'gender', 'lists'] as const;

/** "Add subscriber": one person by hand, onto the lists chosen. */
export function AddSubscriberDialog({
  project,
  lists,
  open,
  onClose,
}: {
  project: string;
  lists: readonly MailingList[];
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreateSubscriber(project);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="Add subscriber"
      description="They are subscribed at once, with your adding them recorded as their consent."
      onClose={close}
      busy={create.isPending}
    >
      <AddSubscriberForm lists={lists} create={create} onDone={close} />
    </FormDialog>
  );
}

function AddSubscriberForm({
  lists,
  create,
  onDone,
}: {
  lists: readonly MailingList[];
  create: ReturnType<typeof useCreateSubscriber>;
  onDone: () => void;
}) {
  const { bindForm, ...form } = useForm({ email: '', name: '', gender: '' });
  const [chosen, setChosen] = useState<string[]>([]);
  const doubleOptIn = lists.filter((list) => list.optIn === 'double' && chosen.includes(list.id));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    // The contract's schema: the browser refuses what the server would, in the same words.
    const checked = validate(CreateSubscriberRequest, {
      email: form.values.email,
      name: form.values.name,
      gender: genderOf(form.values.gender),
      lists: chosen,
    });
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    create.mutate(checked.data, {
      onSuccess: (subscriber) => {
        nudge({
          message:
            // A sign-up form's answer (a key that cannot read the list); the console is sent the subscriber.
            'received' in subscriber
              ? subscriber.message
              : subscriber.status === 'unconfirmed'
                ? `${subscriber.email} was sent a confirmation mail.`
                : `${subscriber.email} is subscribed.`,
          level: 'success',
        });
        onDone();
      },
      onError: (error) => form.setErrors(subscriberFormErrors(error, FIELDS)),
    });
  }

  return (
    <form ref={bindForm} noValidate onSubmit={submit} className="grid gap-4" aria-label="Add subscriber">
      <SubscriberIdentityFields
        email={form.field('email')}
        name={form.field('name')}
        gender={{ ...form.field('gender'), onChange: (value) => form.setValue('gender', value) }}
      />
      <ListPicker lists={lists} chosen={chosen} onChange={setChosen} error={form.errors.fields.lists} />
      <p className="text-sm text-muted" aria-live="polite">
        {doubleOptIn.length > 0
          ? `${doubleOptIn.map((list) => list.name).join(', ')} ${doubleOptIn.length === 1 ? 'is' : 'are'} double opt-in: they get a confirmation mail and stay unconfirmed until they follow its link.`
          : 'On a double opt-in list they get a confirmation mail first, and stay unconfirmed until they follow its link.'}
      </p>
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <SubmitButton pending={create.isPending} pendingLabel="Adding…">
          Add subscriber
        </SubmitButton>
      </div>
    </form>
  );
}
