import { CHAT_CHANNEL_NAME_MAX } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { Popup } from '../../../ui/Popup';
import { SelectField } from '../../../ui/SelectField';
import { TextField } from '../../../ui/TextField';
import { errorMessage } from '../../forms/form-errors';
import { useCreateChannel } from '../api/create-channel';
import type { Channel } from '../api/types';

/** A new open or private channel of the project: a name, a topic, and which kind. */
export function NewChannelDialog({
  project,
  open,
  onOpenChange,
  onCreated,
}: {
  project: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (channel: Channel) => void;
}) {
  const create = useCreateChannel(project);
  const [name, setName] = useState('');
  const [topic, setTopic] = useState('');
  const [kind, setKind] = useState<'open' | 'private'>('open');
  const [missingName, setMissingName] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMissingName(true);
      return;
    }
    create.mutate(
      { kind, name: name.trim(), topic: topic.trim() },
      {
        onSuccess: (channel) => {
          setName('');
          setTopic('');
          onCreated(channel);
        },
      },
    );
  }

  return (
    <Popup title="New channel" open={open} onOpenChange={onOpenChange} maxWidth={480}>
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <TextField
          label="Name"
          value={name}
          maxLength={CHAT_CHANNEL_NAME_MAX}
          onChange={(event) => {
            setName(event.target.value);
            setMissingName(false);
          }}
          error={missingName ? 'Give the channel a name.' : undefined}
        />
        <TextField label="Topic" value={topic} onChange={(event) => setTopic(event.target.value)} />
        <SelectField
          label="Who can join"
          value={kind}
          onChange={(event) => setKind(event.target.value as 'open' | 'private')}
        >
          <option value="open">Everyone in the project</option>
          <option value="private">Only people added</option>
        </SelectField>
        {create.error && <Alert tone="danger">{errorMessage(create.error)}</Alert>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create channel'}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
