import { ApiError } from '@wharf/client';
import { useState } from 'react';
import { Alert } from '../../../ui/Alert';
import { Avatar } from '../../../ui/Avatar';
import { Popup } from '../../../ui/Popup';
import { TextField } from '../../../ui/TextField';
import { useMembersQuery } from '../../access/members/api/members';
import { displayName } from '../../accounts/api/session';
import { errorMessage } from '../../forms/form-errors';
import { pagedItems } from '../../lists/paged-list';
import { useListSearch } from '../../lists/use-list-search';
import { useCreateChannel } from '../api/create-channel';
import type { Channel } from '../api/types';

/**
 * Starts (or finds again: the server answers the existing one) a direct conversation with a member
 * of the project, picked from the project's members by name or email.
 */
export function DirectMessageDialog({
  project,
  me,
  open,
  onOpenChange,
  onStarted,
}: {
  project: string;
  me: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onStarted: (channel: Channel) => void;
}) {
  return (
    <Popup title="New direct message" open={open} onOpenChange={onOpenChange} maxWidth={480}>
      {open && <MemberChooser project={project} me={me} onStarted={onStarted} />}
    </Popup>
  );
}

function MemberChooser({ project, me, onStarted }: { project: string; me: string; onStarted: (c: Channel) => void }) {
  const search = useListSearch();
  const members = useMembersQuery(project, search.query);
  const create = useCreateChannel(project);
  const [chosen, setChosen] = useState<string | null>(null);
  const people = pagedItems(members.data?.pages, (m) => m.user.id).filter((m) => m.user.id !== me);
  const denied = members.error instanceof ApiError && members.error.status === 403;

  return (
    <div className="grid gap-3">
      <TextField
        label="Find a member"
        type="search"
        autoComplete="off"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
      />
      {members.isPending ? (
        <p className="text-sm text-muted">Loading members…</p>
      ) : members.error ? (
        <Alert tone="danger">
          {denied ? 'You may not see the list of members of this project.' : errorMessage(members.error)}
        </Alert>
      ) : people.length === 0 ? (
        <p className="text-sm text-muted">
          {search.query ? `No member matches “${search.query}”.` : 'No other members yet.'}
        </p>
      ) : (
        <ul aria-label="Members" className="grid gap-1">
          {people.map((member) => {
            const name = displayName(member.user);
            return (
              <li key={member.user.id}>
                <button
                  type="button"
                  disabled={create.isPending}
                  onClick={() => {
                    setChosen(member.user.id);
                    create.mutate({ kind: 'direct', users: [member.user.id] }, { onSuccess: onStarted });
                  }}
                  className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus"
                >
                  <Avatar name={name} url={member.user.avatar} className="size-8" />
                  <span className="grid">
                    <span className="text-sm font-medium">{name}</span>
                    <span className="text-xs text-muted">{member.user.email}</span>
                  </span>
                  {chosen === member.user.id && create.isPending && <span className="ml-auto text-xs">Opening…</span>}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {create.error && <Alert tone="danger">{errorMessage(create.error)}</Alert>}
    </div>
  );
}
