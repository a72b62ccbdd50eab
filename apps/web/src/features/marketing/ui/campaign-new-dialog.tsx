import { CAMPAIGN_NAME_MAX } from '@wharf/contract';
import { useState } from 'react';
import { errorMessage, formErrorsFrom, noErrors } from '../../forms/form-errors';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { FormDialog } from '../../../ui/FormDialog';
import { TextField } from '../../../ui/TextField';
import type { Campaign } from '../api/campaigns';
import { useCreateCampaign } from '../api/campaigns-changes';
import { CampaignDraftPicker } from './campaign-draft-picker';

/** "New campaign": a name and, if already written, its draft; the audience and schedule come after, on its page. */
export function NewCampaignDialog({
  project,
  open,
  onClose,
  onCreated,
}: {
  project: string;
  open: boolean;
  onClose: () => void;
  onCreated: (campaign: Campaign) => void;
}) {
  const create = useCreateCampaign(project);
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      title="New campaign"
      description="It starts as a draft to everyone subscribed: choose its audience and schedule next."
      onClose={close}
      busy={create.isPending}
    >
      <NewCampaignForm
        project={project}
        pending={create.isPending}
        error={create.error}
        onCancel={close}
        onSubmit={(body) => create.mutate(body, { onSuccess: onCreated })}
      />
    </FormDialog>
  );
}

function NewCampaignForm({
  project,
  pending,
  error,
  onCancel,
  onSubmit,
}: {
  project: string;
  pending: boolean;
  error: unknown;
  onCancel: () => void;
  onSubmit: (body: { name: string; draftId: string | null }) => void;
}) {
  const [name, setName] = useState('');
  const [draftId, setDraftId] = useState<string | null>(null);
  const [missingName, setMissingName] = useState(false);
  const errors = error ? formErrorsFrom(error, { fields: ['name', 'draftId'] }) : noErrors;
  // A refusal that is not about a field (the module not installed) says the server's words.
  const message = error && Object.keys(errors.fields).length === 0 ? errorMessage(error) : errors.message;
  return (
    <form
      aria-label="New campaign"
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!name.trim()) {
          setMissingName(true);
          return;
        }
        onSubmit({ name: name.trim(), draftId });
      }}
    >
      <TextField
        label="Name"
        hint="Only you and your team see it."
        value={name}
        maxLength={CAMPAIGN_NAME_MAX}
        required
        autoFocus
        error={missingName && !name.trim() ? 'Name the campaign.' : errors.fields.name}
        onChange={(event) => setName(event.target.value)}
      />
      <CampaignDraftPicker project={project} value={draftId} onChange={setDraftId} error={errors.fields.draftId} />
      {message && <Alert tone="danger">{message}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? 'Creating…' : 'Create campaign'}
        </Button>
      </div>
    </form>
  );
}
