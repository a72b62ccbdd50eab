import { ApiError } from '@wharf/client';
import { useState } from 'react';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Popup } from '../../../ui/Popup';
import { TextField } from '../../../ui/TextField';
import { useMembersQuery } from '../../access/members/api/members';
import { displayName } from '../../accounts/api/session';
import { errorMessage } from '../../forms/form-errors';
import { pagedItems } from '../../lists/paged-list';
import { useListSearch } from '../../lists/use-list-search';
import { useAddChannelUsers, useRemoveChannelUsers } from '../api/manage-channel';
import type { Channel, ChannelUser } from '../api/types';
import { channelTitle } from './ChannelList';

export interface MemberRights {
  /** Add members of the project (open and private channels, not archived). */
  add: boolean;
  /** Take others out (the channel's creator, or who manages the project's chat). */
  remove: boolean;
  /** Leave it oneself (a member of an open or private channel). */
  leave: boolean;
}

/** A channel's members; adding, removing and leaving where the caller may. */
export function ChannelMembersDialog({
  channel,
  members,
  me,
  rights,
  open,
  onOpenChange,
  onLeft,
}: {
  channel: Channel;
  members: readonly ChannelUser[];
  me: string;
  rights: MemberRights;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLeft: () => void;
}) {
  const [adding, setAdding] = useState(false);
  const [confirmLeave, setConfirmLeave] = useState(false);
  const remove = useRemoveChannelUsers(channel.projectId, channel.id, me);
  const leave = useRemoveChannelUsers(channel.projectId, channel.id, me);
  const title = channelTitle(channel);
  return (
    <Popup
      title={`Members of ${title}`}
      open={open}
      onOpenChange={(next) => {
        if (!next) setAdding(false);
        onOpenChange(next);
      }}
      maxWidth={480}
    >
      <div className="grid gap-4">
        {adding ? (
          <AddMembers channel={channel} members={members} onDone={() => setAdding(false)} />
        ) : (
          <>
            {rights.add && (
              <div>
                <Button size="small" variant="secondary" onClick={() => setAdding(true)}>
                  Add members
                </Button>
              </div>
            )}
            <ul aria-label="Channel members" className="grid gap-2">
              {members.map((member) => (
                <li key={member.userId} className="flex items-center gap-2 text-sm">
                  <span className="min-w-0 flex-1">
                    {member.name}
                    {member.userId === me && <span className="text-muted"> (you)</span>}
                    {member.email !== member.name && (
                      <span className="block truncate text-xs text-muted">{member.email}</span>
                    )}
                  </span>
                  {rights.remove && member.userId !== me && (
                    <Button
                      size="small"
                      variant="ghost"
                      aria-label={`Remove ${member.name}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate([member.userId])}
                    >
                      Remove
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {remove.error && <Alert tone="danger">{errorMessage(remove.error)}</Alert>}
            {rights.leave && (
              <div className="border-t border-border pt-3">
                <Button size="small" variant="secondary" onClick={() => setConfirmLeave(true)}>
                  Leave channel
                </Button>
              </div>
            )}
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmLeave}
        title={`Leave ${title}?`}
        confirmLabel="Leave channel"
        pendingLabel="Leaving…"
        pending={leave.isPending}
        error={leave.error ? errorMessage(leave.error) : undefined}
        onConfirm={() => leave.mutate([me], { onSuccess: onLeft })}
        onCancel={() => setConfirmLeave(false)}
      >
        {channel.kind === 'private'
          ? 'You will no longer read or post in it until someone adds you again.'
          : 'You will no longer hear of its messages; you can join again by posting in it.'}
      </ConfirmDialog>
    </Popup>
  );
}

/** Members of the project not yet in the channel, found by name or email, chosen then added at once. */
function AddMembers({
  channel,
  members,
  onDone,
}: {
  channel: Channel;
  members: readonly ChannelUser[];
  onDone: () => void;
}) {
  const search = useListSearch();
  const people = useMembersQuery(channel.projectId, search.query);
  const add = useAddChannelUsers(channel.projectId, channel.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const inChannel = new Set(members.map((m) => m.userId));
  const candidates = pagedItems(people.data?.pages, (m) => m.user.id).filter((m) => !inChannel.has(m.user.id));
  const denied = people.error instanceof ApiError && people.error.status === 403;
  const toggle = (id: string) =>
    setChosen((list) => (list.includes(id) ? list.filter((c) => c !== id) : [...list, id]));

  return (
    <div className="grid gap-3">
      <TextField
        label="Find a member of the project"
        type="search"
        autoComplete="off"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
      />
      {people.isPending ? (
        <p className="text-sm text-muted">Loading members…</p>
      ) : people.error ? (
        <Alert tone="danger">
          {denied ? 'You may not see the list of members of this project.' : errorMessage(people.error)}
        </Alert>
      ) : candidates.length === 0 ? (
        <p className="text-sm text-muted">
          {search.query ? `No member matches “${search.query}”.` : 'Everyone in the project is in this channel.'}
        </p>
      ) : (
        <ul aria-label="Project members" className="grid max-h-72 gap-1 overflow-y-auto">
          {candidates.map((member) => {
            const name = displayName(member.user);
            return (
              <li key={member.user.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md p-2 hover:bg-surface-raised">
                  <input
                    type="checkbox"
                    checked={chosen.includes(member.user.id)}
                    onChange={() => toggle(member.user.id)}
                  />
                  <Avatar name={name} url={member.user.avatar} className="size-8" />
                  <span className="grid min-w-0">
                    <span className="truncate text-sm font-medium">{name}</span>
                    <span className="truncate text-xs text-muted">{member.user.email}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {add.error && <Alert tone="danger">{errorMessage(add.error)}</Alert>}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Back
        </Button>
        <Button
          disabled={chosen.length === 0 || add.isPending}
          onClick={() => add.mutate(chosen, { onSuccess: onDone })}
        >
          {add.isPending ? 'Adding…' : chosen.length > 1 ? `Add ${chosen.length} members` : 'Add member'}
        </Button>
      </div>
    </div>
  );
}
