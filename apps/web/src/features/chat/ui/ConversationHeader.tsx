import type { NotifyLevel } from '@wharf/contract';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { nudge } from '../../toasts/toasts';
import { errorMessage } from '../../forms/form-errors';
import { useUpdateSubscription } from '../api/update-subscription';
import type { Channel, ChannelUser } from '../api/types';
import { channelTitle } from './ChannelList';
import { ChannelMembersDialog } from './ChannelMembersDialog';
import { ChannelSettingsDialog } from './ChannelSettingsDialog';

const NOTIFY_LABELS: Record<NotifyLevel, string> = {
  all: 'Every message',
  mentions: 'Mentions only',
  none: 'Nothing',
};

/** The channel's name and topic, its members, the caller's mute and notify settings, and search. */
export function ConversationHeader({
  channel,
  members,
  me,
  searching,
  onToggleSearch,
  onBack,
  canManage = false,
  canWrite = false,
  onGone,
}: {
  channel: Channel;
  members: readonly ChannelUser[];
  me: string;
  searching: boolean;
  onToggleSearch: () => void;
  /** Phones: back to the list. */
  onBack: (() => void) | undefined;
  /** The channel's creator, or a holder of `chat.manage`: rename, archive, delete, remove members. */
  canManage?: boolean;
  /** Holds `chat.write` in the project: may add members. */
  canWrite?: boolean;
  /** The channel was deleted or left: close it. */
  onGone?: () => void;
}) {
  const [showMembers, setShowMembers] = useState(false);
  const [showSettings, setShowSettings] = useState(false);
  const managed = channel.kind === 'open' || channel.kind === 'private';
  const rights = {
    add: managed && canWrite && !channel.archived,
    remove: managed && canManage && !channel.archived,
    leave: managed && channel.member,
  };
  const update = useUpdateSubscription(channel.id, me);
  const mine = members.find((m) => m.userId === me)?.subscription;
  const change = (changes: { muted?: boolean; notify?: NotifyLevel }) =>
    update.mutate(changes, { onError: (error) => nudge({ message: errorMessage(error), level: 'danger' }) });

  return (
    <header className="flex flex-wrap items-center gap-2 border-b border-border px-3 py-2">
      {onBack && (
        <Button variant="ghost" size="small" onClick={onBack} aria-label="Back to conversations">
          ←
        </Button>
      )}
      {/* At least a readable width for the name: on a phone the buttons go to a second row. */}
      <div className="min-w-0 flex-1 basis-40">
        <h2 className="truncate text-base font-semibold">{channelTitle(channel)}</h2>
        {channel.topic && <p className="truncate text-xs text-muted">{channel.topic}</p>}
      </div>
      <Button variant="ghost" size="small" onClick={() => setShowMembers(true)}>
        {channel.memberCount} {channel.memberCount === 1 ? 'member' : 'members'}
      </Button>
      <Button variant="ghost" size="small" aria-pressed={searching} onClick={onToggleSearch}>
        Search
      </Button>
      {managed && canManage && (
        <Button variant="ghost" size="small" onClick={() => setShowSettings(true)}>
          Settings
        </Button>
      )}
      {channel.member && (
        <>
          <Button
            variant="ghost"
            size="small"
            aria-pressed={channel.muted}
            disabled={update.isPending}
            onClick={() => change({ muted: !channel.muted })}
          >
            {channel.muted ? 'Unmute' : 'Mute'}
          </Button>
          <label className="flex items-center gap-1 text-xs">
            <span className="sr-only sm:not-sr-only">Notify me of</span>
            <select
              aria-label="Notify me of"
              value={mine?.notify ?? 'all'}
              disabled={update.isPending || !mine}
              onChange={(event) => change({ notify: event.target.value as NotifyLevel })}
              className="rounded-md border border-border bg-background px-1 py-0.5"
            >
              {(Object.keys(NOTIFY_LABELS) as NotifyLevel[]).map((level) => (
                <option key={level} value={level}>
                  {NOTIFY_LABELS[level]}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
      <ChannelMembersDialog
        channel={channel}
        members={members}
        me={me}
        rights={rights}
        open={showMembers}
        onOpenChange={setShowMembers}
        onLeft={() => {
          setShowMembers(false);
          onGone?.();
        }}
      />
      {managed && canManage && (
        <ChannelSettingsDialog
          channel={channel}
          open={showSettings}
          onOpenChange={setShowSettings}
          onDeleted={() => {
            setShowSettings(false);
            onGone?.();
          }}
        />
      )}
    </header>
  );
}
