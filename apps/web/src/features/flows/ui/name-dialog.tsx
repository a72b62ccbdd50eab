import { FLOW_NAME_MAX } from '@wharf/contract';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { SubmitButton } from '../../../ui/SubmitButton';
import { TextField } from '../../../ui/TextField';

/** Naming a flow, new or renamed: one field, and the server's refusal under it. */
export function FlowNameDialog({
  open,
  title,
  description,
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  initial: string;
  submitLabel: string;
  pending: boolean;
  error?: string | undefined;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  return (
    <FormDialog open={open} title={title} description={description} onClose={onClose} busy={pending}>
      <NameForm
        initial={initial}
        submitLabel={submitLabel}
        pending={pending}
        error={error}
        onSubmit={onSubmit}
        onClose={onClose}
      />
    </FormDialog>
  );
}

function NameForm({
  initial,
  submitLabel,
  pending,
  error,
  onSubmit,
  onClose,
}: Pick<
  Parameters<typeof FlowNameDialog>[0],
  'initial' | 'submitLabel' | 'pending' | 'error' | 'onSubmit' | 'onClose'
>) {
  const [name, setName] = useState(initial);
  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.trim()) onSubmit(name.trim());
      }}
    >
      <TextField
        label="Name"
        hint="Only you and your team see it."
        value={name}
        maxLength={FLOW_NAME_MAX}
        required
        autoFocus
        error={error}
        onChange={(event) => setName(event.target.value)}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <SubmitButton pending={pending} pendingLabel="Saving…" disabled={!name.trim()}>
          {submitLabel}
        </SubmitButton>
      </div>
    </form>
  );
}
