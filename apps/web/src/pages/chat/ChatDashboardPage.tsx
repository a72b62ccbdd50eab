import { Link } from '@tanstack/react-router';
import { pathOf } from '../../app/navigation';
import { byLatest, useChannels } from '../../features/chat/api/channels';
import { badgeLabel, channelTitle } from '../../features/chat/ui/ChannelList';
import { ChannelsNotReady } from '../../features/chat/ui/ChannelsNotReady';
import { ProjectPage } from '../../features/projects/ui/ProjectPage';
import { formatDateTime } from '../../ui/dates';
import { EmptyState } from '../../ui/ListStates';

/**
 * `/chat/dashboard` (route `chat.dashboard`): every conversation of the person across all their
 * projects, the newest first, with unread counts; each opens in its own project's chat.
 */
export function ChatDashboardPage() {
  return (
    <ProjectPage
      title="Chat dashboard"
      description="Your conversations in every project, the newest first."
      permissions={['chat.read']}
    >
      {() => <AllConversations />}
    </ProjectPage>
  );
}

function AllConversations() {
  const channels = useChannels();

  if (!channels.data) return <ChannelsNotReady channels={channels} />;
  const list = [...channels.data].sort(byLatest);
  if (list.length === 0)
    return (
      <EmptyState title="No conversations yet">Conversations you take part in, in any project, show here.</EmptyState>
    );
  return (
    <ul aria-label="Conversations" className="grid divide-y divide-border rounded-xl border border-border">
      {list.map((channel) => {
        const badges = badgeLabel(channel);
        return (
          <li key={channel.id}>
            <Link
              to={pathOf('chat.index')}
              search={{ project: channel.projectId, channel: channel.id } as never}
              className="flex items-center gap-3 px-4 py-3 hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus"
            >
              <span className="grid min-w-0 flex-1">
                <span className={channel.unreadCount > 0 ? 'truncate font-semibold' : 'truncate'}>
                  {channelTitle(channel)}
                </span>
                <span className="truncate text-xs text-muted">
                  {channel.projectName}
                  {channel.lastMessageAt ? ` · ${formatDateTime(channel.lastMessageAt)}` : ' · No messages yet'}
                  {channel.muted ? ' · Muted' : ''}
                </span>
              </span>
              {badges && (
                <span className="rounded-full bg-primary px-2 text-xs font-semibold text-on-primary">{badges}</span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
