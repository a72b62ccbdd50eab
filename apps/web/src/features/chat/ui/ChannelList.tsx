import { cx } from '../../../ui/cx';
import { Icon } from '../../../ui/Icon';
import type { Channel } from '../api/types';
import { LockGlyph } from './glyphs';

const KIND_LABELS: Record<Channel['kind'], string> = {
  support: 'Support',
  open: 'Channels',
  private: 'Private channels',
  direct: 'Direct messages',
};
const KIND_ORDER: Channel['kind'][] = ['support', 'open', 'private', 'direct'];

/** `#` for channels, a lock for private ones, nothing for people. */
function channelPrefix(kind: Channel['kind']) {
  if (kind === 'open') return '#';
  if (kind === 'private') return <LockGlyph />;
  if (kind === 'support') return '?';
  return '@';
}

export function channelTitle(channel: Channel): string {
  return channel.kind === 'support' && !channel.name ? 'Support' : channel.name;
}

/** How a channel's badges read out: "3 unread, 1 mention". */
export function badgeLabel(channel: Pick<Channel, 'unreadCount' | 'mentionCount'>): string {
  const parts = [];
  if (channel.unreadCount > 0) parts.push(`${channel.unreadCount} unread`);
  if (channel.mentionCount > 0)
    parts.push(`${channel.mentionCount} ${channel.mentionCount === 1 ? 'mention' : 'mentions'}`);
  return parts.join(', ');
}

/**
 * The project's channels grouped by kind (support first), each with its unread and mention
 * badges; muted ones are dimmed and show no unread count (only mentions still call).
 */
export function ChannelList({
  channels,
  selected,
  onSelect,
}: {
  channels: readonly Channel[];
  selected: string | undefined;
  onSelect: (channel: Channel) => void;
}) {
  return (
    <nav aria-label="Channels" className="grid grid-cols-1 gap-4">
      {KIND_ORDER.map((kind) => {
        const ofKind = channels.filter((c) => c.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-label={KIND_LABELS[kind]}>
            <h3 className="px-2 text-xs font-semibold text-muted">{KIND_LABELS[kind]}</h3>
            <ul className="mt-1 grid grid-cols-1 gap-0.5">
              {ofKind.map((channel) => (
                <li key={channel.id}>
                  <ChannelRow channel={channel} current={channel.id === selected} onSelect={onSelect} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </nav>
  );
}

function ChannelRow({
  channel,
  current,
  onSelect,
}: {
  channel: Channel;
  current: boolean;
  onSelect: (channel: Channel) => void;
}) {
  const unread = channel.unreadCount > 0 && !channel.muted;
  const badges = badgeLabel({
    unreadCount: channel.muted ? 0 : channel.unreadCount,
    mentionCount: channel.mentionCount,
  });
  return (
    <button
      type="button"
      onClick={() => onSelect(channel)}
      aria-current={current ? 'page' : undefined}
      aria-label={[channelTitle(channel), badges, channel.muted ? 'muted' : '', channel.archived ? 'archived' : '']
        .filter(Boolean)
        .join(', ')}
      className={cx(
        'flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-raised focus-visible:outline-2 focus-visible:outline-focus',
        current && 'bg-primary-soft text-primary',
        channel.muted && 'opacity-60',
        unread && 'font-semibold',
      )}
    >
      <span aria-hidden="true" className="flex w-4 shrink-0 justify-center text-muted">
        {channelPrefix(channel.kind)}
      </span>
      <span className="min-w-0 flex-1 truncate">{channelTitle(channel)}</span>
      {channel.muted && <Icon name="bell" size={14} aria-hidden="true" className="text-muted line-through" />}
      {channel.mentionCount > 0 && (
        <span aria-hidden="true" className="rounded-full bg-danger px-1.5 text-xs font-semibold text-white">
          @{channel.mentionCount}
        </span>
      )}
      {unread && (
        <span aria-hidden="true" className="rounded-full bg-primary px-1.5 text-xs font-semibold text-on-primary">
          {channel.unreadCount}
        </span>
      )}
    </button>
  );
}
