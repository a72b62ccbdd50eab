import { CreateMailingListRequest, MAILING_LIST_DESCRIPTION_MAX, type UpdateMailingListRequest } from '@wharf/contract';
import type { FormEvent } from 'react';
import { formErrorsFrom, validate, type FormErrors } from '../../forms/form-errors';
import { useForm } from '../../forms/use-form';
import { nudge } from '../../toasts/toasts';
import { ApiError } from '@wharf/client';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SelectField } from '../../../ui/SelectField';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextAreaField } from '../../../ui/TextAreaField';
import { TextField } from '../../../ui/TextField';
import type { MailingList } from '../api/lists';
import { useCreateMailingList, useUpdateMailingList } from '../api/lists-changes';

const FIELDS = ['name', 'description', 'optIn'] as const;

/** A taken name (409) belongs beside the name; anything else as the server says it. */
function listFormErrors(error: unknown): FormErrors {
  if (error instanceof ApiError && error.status === 409) return { fields: { name: error.message } };
  return formErrorsFrom(error, { fields: FIELDS });
}

/** "New list" (`list` null) or "Edit list": name, description and opt-in. */
export function ListDialog({
  project,
  list,
  open,
  onClose,
}: {
  project: string;
  /** The list being edited; null for a new one. */
  list: MailingList | null;
  open: boolean;
  onClose: () => void;
}) {
  const create = useCreateMailingList(project);
  const update = useUpdateMailingList(project);
  const busy = create.isPending || update.isPending;
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  return (
    <FormDialog open={open} title={list ? 'Edit list' : 'New list'} onClose={close} busy={busy}>
      <ListForm
        list={list}
        busy={busy}
        onCancel={close}
        save={(values, handlers) => {
          if (!list) {
            create.mutate(values, handlers);
            return;
          }
          // PATCH sends what changed; nothing changed is nothing to send.
          const changes: UpdateMailingListRequest = {};
          if (values.name !== list.name) changes.name = values.name;
          if (values.description !== list.description) changes.description = values.description;
          if (values.optIn !== list.optIn) changes.optIn = values.optIn;
          if (Object.keys(changes).length === 0) close();
          else update.mutate({ id: list.id, changes }, handlers);
        }}
        onSaved={(name) => {
          nudge({ message: list ? `${name} saved.` : `${name} created.`, level: 'success' });
          close();
        }}
      />
    </FormDialog>
  );
}

type ListValues = { name: string; description: string; optIn: 'single' | 'double' };

function ListForm({
  list,
  busy,
  save,
  onSaved,
  onCancel,
}: {
  list: MailingList | null;
  busy: boolean;
  save: (values: ListValues, handlers: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
  onSaved: (name: string) => void;
  onCancel: () => void;
}) {
  const { bindForm, ...form } = useForm({
    name: list?.name ?? '',
    description: list?.description ?? '',
    optIn: list?.optIn ?? 'single',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const checked = validate(CreateMailingListRequest, form.values);
    if (!checked.ok) {
      form.setErrors(checked.errors);
      return;
    }
    form.clearErrors();
    save(checked.data, {
      onSuccess: () => onSaved(checked.data.name),
      onError: (error) => form.setErrors(listFormErrors(error)),
    });
  }

  return (
    <form
      ref={bindForm}
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-label={list ? 'Edit list' : 'New list'}
    >
      <TextField label="Name" autoComplete="off" required {...form.field('name')} />
      <TextAreaField
        label="Description"
        name="description"
        rows={2}
        hint={`Optional, up to ${MAILING_LIST_DESCRIPTION_MAX} characters: what people on it get.`}
        value={form.values.description}
        error={form.errors.fields.description}
        onChange={(event) => form.setValue('description', event.target.value)}
      />
      <SelectField
        label="Opt-in"
        name="optIn"
        value={form.values.optIn}
        error={form.errors.fields.optIn}
        hint="Double opt-in mails people who join a link to confirm first; they are mailed only once they follow it."
        onChange={(event) => form.setValue('optIn', event.target.value === 'double' ? 'double' : 'single')}
      >
        <option value="single">Single: subscribed at once</option>
        <option value="double">Double: confirmed by mail first</option>
      </SelectField>
      {form.errors.message && <Alert tone="danger">{form.errors.message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <SubmitButton pending={busy} pendingLabel="Saving…">
          {list ? 'Save' : 'Create list'}
        </SubmitButton>
      </div>
    </form>
  );
}
