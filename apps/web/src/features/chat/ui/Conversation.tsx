import { useState } from 'react';
import { useChannelMembers } from '../api/channel-members';
import { Button } from '../../../ui/Button';
import { errorMessage } from '../../forms/form-errors';
import { nudge } from '../../toasts/toasts';
import { useUpdateChannel } from '../api/manage-channel';
import type { Channel, Message } from '../api/types';
import { useTypingSignal } from '../realtime/use-realtime';
import { Composer } from './Composer';
import { ConversationHeader } from './ConversationHeader';
import { MessageList } from './MessageList';
import { SearchPanel } from './SearchPanel';
import { TypingIndicator } from './TypingIndicator';
import { channelTitle } from './ChannelList';

/** One open channel: its header, messages, who is typing, and the composer. */
export function Conversation({
  channel,
  me,
  around,
  onJump,
  onLatest,
  onBack,
  canManage = false,
  canWrite = true,
  staff = false,
  onGone,
}: {
  channel: Channel;
  me: string;
  around: string | null;
  onJump: (message: string) => void;
  /** Back to the newest messages (after sending from a window opened further back). */
  onLatest: () => void;
  onBack: (() => void) | undefined;
  /** The channel's creator or a holder of `chat.manage` (settings, removing members). */
  canManage?: boolean;
  /** Holds `chat.write` in the project (adding members). */
  canWrite?: boolean;
  /** Platform staff answering a support channel: not of the project, so no drive attachments. */
  staff?: boolean;
  /** The channel was deleted or left from here. */
  onGone?: () => void;
}) {
  const [replyTo, setReplyTo] = useState<Message | null>(null);
  if (replyTo && replyTo.channelId !== channel.id) setReplyTo(null);
  const update = useUpdateChannel(channel.projectId, channel.id);
  const members = useChannelMembers(channel.id);
  const [searching, setSearching] = useState(false);
  const typing = useTypingSignal(channel.id);
  const memberList = members.data ?? [];
  // The divider stays where the person had read to when they opened the channel, while reading moves on.
  const [readAtOpen, setReadAtOpen] = useState<{ channel: string; id: string | null } | null>(null);
  if (members.data && readAtOpen?.channel !== channel.id) {
    const mine = members.data.find((m) => m.userId === me)?.subscription;
    setReadAtOpen({ channel: channel.id, id: mine ? mine.lastReadMessageId : null });
  }
  const lastRead = readAtOpen?.channel === channel.id ? readAtOpen.id : undefined;
  const names = memberList.map((m) => m.name);

  return (
    <section aria-label={channelTitle(channel)} className="flex min-h-0 flex-1 flex-col">
      <ConversationHeader
        channel={channel}
        members={memberList}
        me={me}
        searching={searching}
        onToggleSearch={() => setSearching((s) => !s)}
        onBack={onBack}
        canManage={canManage || channel.createdBy === me}
        canWrite={canWrite}
        onGone={onGone}
      />
      {channel.archived && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-2 border-b border-border bg-warning-soft px-4 py-2 text-sm"
        >
          <span className="min-w-0 flex-1">This channel is archived: it is read-only.</span>
          {(canManage || channel.createdBy === me) && (channel.kind === 'open' || channel.kind === 'private') && (
            <Button
              size="small"
              variant="secondary"
              disabled={update.isPending}
              onClick={() =>
                update.mutate(
                  { archived: false },
                  { onError: (error) => nudge({ message: errorMessage(error), level: 'danger' }) },
                )
              }
            >
              Bring back
            </Button>
          )}
        </div>
      )}
      {searching && <SearchPanel channel={channel.id} onOpen={(message) => onJump(message.id)} />}
      <MessageList
        key={`${channel.id}:${around ?? ''}`}
        channel={channel}
        around={around}
        me={me}
        lastReadAtOpen={lastRead}
        mentionNames={names}
        onReply={setReplyTo}
        onJump={onJump}
      />
      <TypingIndicator channel={channel.id} />
      {channel.archived ? null : (
        <Composer
          project={channel.projectId}
          channel={channel.id}
          channelName={channelTitle(channel)}
          members={memberList}
          me={me}
          onTyping={typing}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          canAttach={!staff}
          onSent={() => {
            if (around) onLatest();
          }}
        />
      )}
    </section>
  );
}
