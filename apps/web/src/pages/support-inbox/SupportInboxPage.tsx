import { useLocation, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { pathOf } from '../../app/navigation';
import { searchString } from '../../app/search';
import { useUser } from '../../features/accounts/api/session';
import { AdminsOnly } from '../../features/accounts/ui/AdminsOnly';
import { SettingsHeader } from '../../features/accounts/ui/SettingsSection';
import { byLatest, useChannels } from '../../features/chat/api/channels';
import type { Channel } from '../../features/chat/api/types';
import { RealtimeProvider, useChannelEvents, useRealtimeStatus } from '../../features/chat/realtime/use-realtime';
import { Conversation } from '../../features/chat/ui/Conversation';
import { ChannelsNotReady } from '../../features/chat/ui/ChannelsNotReady';
import { Button } from '../../ui/Button';
import { cx } from '../../ui/cx';
import { formatDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/ListStates';
import { mediaQueries, useMediaQuery } from '../../ui/use-media-query';

const TITLE = 'Support inbox';
const ADMINS_ONLY = "Only platform administrators answer the projects' support conversations.";

/**
 * `/admin/support` (route `platform.support`): every project's support conversation for the
 * platform's staff, the newest first, those waiting for an answer marked; `?channel=` opens one
 * beside the list (`&message=` centred on a message). On a phone the list and the conversation
 * are two screens.
 */
export function SupportInboxPage() {
  const user = useUser();
  if (!user) return null;
  if (!user.isAdmin) return <AdminsOnly title={TITLE}>{ADMINS_ONLY}</AdminsOnly>;
  return (
    <>
      <SettingsHeader
        title={TITLE}
        description="Every project's conversation with the platform's staff, the newest first."
      />
      <RealtimeProvider>
        <Inbox me={user.id} />
      </RealtimeProvider>
    </>
  );
}

function useInboxSearch() {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  return { channel: searchString(search.channel), message: searchString(search.message) };
}

function useOpenSupport() {
  const navigate = useNavigate();
  return useCallback(
    (channel: string | null, message?: string) =>
      void navigate({
        to: pathOf('platform.support'),
        search: { ...(channel ? { channel } : {}), ...(channel && message ? { message } : {}) } as never,
      }),
    [navigate],
  );
}

/** A support conversation is named by its project: the staff answer projects, not channels. */
const titleOf = (channel: Channel) => channel.projectName;

function Inbox({ me }: { me: string }) {
  const channels = useChannels();
  const search = useInboxSearch();
  const open = useOpenSupport();
  const wide = useMediaQuery(mediaQueries.md);
  const live = useRealtimeStatus();
  const support = (channels.data ?? []).filter((c) => c.kind === 'support').sort(byLatest);
  useChannelEvents(support.map((c) => c.id));
  const current = support.find((c) => c.id === search.channel);

  if (!channels.data)
    return <ChannelsNotReady channels={channels} failedTitle="The support conversations could not be loaded" />;

  const showList = wide || !search.channel;
  const showConversation = wide || Boolean(search.channel);
  const waiting = support.filter((c) => c.unreadCount > 0).length;

  return (
    // Below the page's heading and description (two lines on a phone), above a phone's tab bar.
    <div className="flex h-[calc(100dvh-17rem)] min-h-96 overflow-hidden rounded-xl border border-border md:h-[calc(100dvh-14.5rem)]">
      {showList && (
        <aside
          aria-label="Support conversations"
          className={cx('flex flex-col gap-2 overflow-y-auto border-border p-2', wide ? 'w-72 border-r' : 'w-full')}
        >
          <p className="px-2 text-xs text-muted" role="status">
            {waiting === 0 ? 'Nothing waiting for an answer.' : `${waiting} waiting for an answer`}
          </p>
          {live === 'offline' && (
            <p role="status" className="rounded-md bg-warning-soft px-2 py-1 text-xs">
              Offline: reconnecting… New messages show once the connection is back.
            </p>
          )}
          {support.length === 0 ? (
            <EmptyState title="No support conversations yet">
              A project's conversation shows here once someone in it opens Support → Chat.
            </EmptyState>
          ) : (
            <ul aria-label="Support conversations" className="grid gap-0.5">
              {support.map((channel) => (
                <li key={channel.id}>
                  <InboxRow
                    channel={channel}
                    title={titleOf(channel)}
                    current={channel.id === current?.id}
                    onOpen={() => open(channel.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </aside>
      )}
      {showConversation && (
        <div className="flex min-w-0 flex-1 flex-col">
          {current ? (
            <Conversation
              // The project's name stands for "Support": every channel here is a support channel.
              channel={{ ...current, name: titleOf(current) }}
              me={me}
              around={search.message ?? null}
              onJump={(message) => open(current.id, message)}
              onLatest={() => open(current.id)}
              onBack={wide ? undefined : () => open(null)}
              canWrite={false}
              staff
            />
          ) : search.channel ? (
            <div className="p-6">
              <EmptyState title="This conversation is not available">
                It may belong to a project that was deleted.
              </EmptyState>
              {!wide && (
                <Button variant="secondary" className="mt-3" onClick={() => open(null)}>
                  Back to the inbox
                </Button>
              )}
            </div>
          ) : (
            <div className="grid flex-1 place-items-center p-6 text-sm text-muted">Choose a conversation.</div>
          )}
        </div>
      )}
    </div>
  );
}

function InboxRow({
  channel,
  title,
  current,
  onOpen,
}: {
  channel: Channel;
  title: string;
  current: boolean;
  onOpen: () => void;
}) {
  const waiting = channel.unreadCount > 0;
  const when = channel.lastMessageAt ? formatDateTime(channel.lastMessageAt) : 'No messages yet';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current ? 'page' : undefined}
      aria-label={[title, when, waiting ? `waiting for an answer, ${channel.unreadCount} unread` : '']
        .concat(channel.archived ? ['archived'] : [])
        .filter(Boolean)
        .join(', ')}
      className={cx(
        'flex w-full items-center gap-2 rounded-md px-2 py-2 text-left text-sm hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus',
        current && 'bg-primary-soft text-primary',
      )}
    >
      <span className="grid min-w-0 flex-1">
        <span className={cx('truncate', waiting && 'font-semibold')}>{title}</span>
        <span className="truncate text-xs text-muted">
          {when}
          {channel.archived ? ' · Archived' : ''}
          {waiting && <span className="font-semibold text-primary"> · Waiting for an answer</span>}
        </span>
      </span>
      {waiting && (
        <span
          aria-hidden="true"
          className="shrink-0 rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary"
          title="Waiting for an answer"
        >
          {channel.unreadCount}
        </span>
      )}
    </button>
  );
}
