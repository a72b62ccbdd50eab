import { CHAT_CHANNEL_NAME_MAX, CHAT_TOPIC_MAX } from '@wharf/contract';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../ui/Alert';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Popup } from '../../../ui/Popup';
import { TextField } from '../../../ui/TextField';
import { errorMessage } from '../../forms/form-errors';
import { useDeleteChannel, useUpdateChannel } from '../api/manage-channel';
import type { Channel } from '../api/types';
import { channelTitle } from './ChannelList';

/**
 * An open or private channel's settings, for its creator and those who manage the project's chat:
 * its name and topic, archiving it (read-only) or bringing it back, and deleting it after a
 * confirmation that names it.
 */
export function ChannelSettingsDialog({
  channel,
  open,
  onOpenChange,
  onDeleted,
}: {
  channel: Channel;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}) {
  return (
    <Popup title={`Settings of ${channelTitle(channel)}`} open={open} onOpenChange={onOpenChange} maxWidth={480}>
      {open && <Settings channel={channel} onDone={() => onOpenChange(false)} onDeleted={onDeleted} />}
    </Popup>
  );
}

function Settings({ channel, onDone, onDeleted }: { channel: Channel; onDone: () => void; onDeleted: () => void }) {
  const update = useUpdateChannel(channel.projectId, channel.id);
  const archive = useUpdateChannel(channel.projectId, channel.id);
  const remove = useDeleteChannel(channel.projectId, channel.id);
  const [name, setName] = useState(channel.name);
  const [topic, setTopic] = useState(channel.topic);
  const [missingName, setMissingName] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  function save(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setMissingName(true);
      return;
    }
    const changes = {
      ...(name.trim() !== channel.name ? { name: name.trim() } : {}),
      ...(topic.trim() !== channel.topic ? { topic: topic.trim() } : {}),
    };
    if (Object.keys(changes).length === 0) return onDone();
    update.mutate(changes, { onSuccess: onDone });
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={save} className="grid gap-4" noValidate aria-label="Name and topic">
        <TextField
          label="Name"
          value={name}
          maxLength={CHAT_CHANNEL_NAME_MAX}
          disabled={channel.archived}
          onChange={(event) => {
            setName(event.target.value);
            setMissingName(false);
          }}
          error={missingName ? 'Give the channel a name.' : undefined}
        />
        <TextField
          label="Topic"
          value={topic}
          maxLength={CHAT_TOPIC_MAX}
          disabled={channel.archived}
          onChange={(event) => setTopic(event.target.value)}
        />
        {channel.archived && <p className="text-xs text-muted">Bring the channel back to change its name or topic.</p>}
        {update.error && <Alert tone="danger">{errorMessage(update.error)}</Alert>}
        {!channel.archived && (
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        )}
      </form>
      <section aria-label="Archive" className="grid gap-2 border-t border-border pt-4">
        <p className="text-sm text-muted">
          {channel.archived
            ? 'Archived: everyone can read it, nobody can post. Bring it back to open it again.'
            : 'Archiving keeps the messages readable and stops new ones.'}
        </p>
        {archive.error && <Alert tone="danger">{errorMessage(archive.error)}</Alert>}
        <div>
          <Button
            variant="secondary"
            disabled={archive.isPending}
            onClick={() => archive.mutate({ archived: !channel.archived })}
          >
            {channel.archived ? 'Bring back' : 'Archive channel'}
          </Button>
        </div>
      </section>
      <section aria-label="Delete" className="grid gap-2 border-t border-border pt-4">
        <p className="text-sm text-muted">Deleting removes the channel and every message in it, for everyone.</p>
        <div>
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete channel
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmDelete}
        title={`Delete ${channelTitle(channel)}?`}
        confirmLabel="Delete channel"
        pendingLabel="Deleting…"
        danger
        pending={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        onConfirm={() => remove.mutate(undefined, { onSuccess: onDeleted })}
        onCancel={() => setConfirmDelete(false)}
      >
        {`${channelTitle(channel)} and all its messages will be gone for everyone. This cannot be undone.`}
      </ConfirmDialog>
    </div>
  );
}
