import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { Button } from '../../../ui/Button';
import { LoadError } from '../../../ui/ListStates';
import { errorMessage } from '../../forms/form-errors';
import { windowMessages } from '../api/cache';
import { useMarkRead } from '../api/mark-read';
import { useMessages } from '../api/messages';
import { useMessagesMetadata } from '../api/messages-metadata';
import type { Channel, Message } from '../api/types';
import { MessageItem } from './MessageItem';
import { MessageSkeletons } from './Skeletons';

/** SPEC.md section 9: a message counts as seen after 300 ms on screen. */
export const SEEN_DELAY_MS = 300;
/** Within this many rows of an edge, the next page on that side is asked for. */
const EDGE_ROWS = 3;

/** The first message after the one read last: where the "new messages" divider goes. */
export function firstUnreadId(
  messages: readonly Message[],
  lastRead: string | null | undefined,
  me: string,
): string | null {
  if (lastRead === undefined) return null;
  const start = lastRead === null ? 0 : messages.findIndex((m) => m.id === lastRead) + 1;
  if (lastRead !== null && start === 0) return null;
  return messages.slice(start).find((m) => m.author?.id !== me)?.id ?? null;
}

/**
 * The conversation as a virtualised list (messages differ in height: each row is measured). It
 * opens at the newest message, or centred on `around`, loads older pages when scrolled near the top
 * and newer ones near the bottom, keeps the reader's place when older messages arrive above, and
 * follows new messages when the reader is at the bottom. What has been on screen is marked read.
 */
export function MessageList({
  channel,
  around,
  me,
  lastReadAtOpen,
  mentionNames,
  onReply,
  onJump,
}: {
  channel: Channel;
  around: string | null;
  me: string;
  /** Where the caller had read to when the channel opened (undefined while unknown). */
  lastReadAtOpen: string | null | undefined;
  mentionNames: readonly string[];
  onReply?: ((message: Message) => void) | undefined;
  onJump?: ((message: string) => void) | undefined;
}) {
  const query = useMessages(channel.id, around);
  const messages = windowMessages(query.data);
  const byId = new Map(messages.map((m) => [m.id, m]));
  const readBy = useMessagesMetadata(
    me,
    channel.id,
    messages.filter((m) => !m.deleted).map((m) => m.id),
  );
  const markRead = useMarkRead(me);
  const scroller = useRef<HTMLDivElement>(null);
  const positioned = useRef(false);
  const firstId = useRef<string | null>(null);
  const atBottom = useRef(true);
  const markedUpTo = useRef<string | null>(null);

  // The virtualiser measures rows as they render and answers new positions each time: the React
  // Compiler rightly leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 64,
    overscan: 6,
    getItemKey: (index) => messages[index]?.id ?? index,
    initialRect: { width: 640, height: 600 },
  });
  const items = virtualizer.getVirtualItems();
  const divider = firstUnreadId(messages, lastReadAtOpen, me);

  // First paint: at the newest message, or with the one asked for in the middle.
  useLayoutEffect(() => {
    if (positioned.current || messages.length === 0) return;
    positioned.current = true;
    firstId.current = messages[0]!.id;
    const target = around ? messages.findIndex((m) => m.id === around) : -1;
    // Opened on a message further back: not following the newest (the effect below would move there).
    atBottom.current = target < 0;
    if (target >= 0) virtualizer.scrollToIndex(target, { align: 'center' });
    else virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
  }, [messages, around, virtualizer]);

  // Older messages arrived above: keep the one that was first where it was on screen.
  useLayoutEffect(() => {
    if (!positioned.current || messages.length === 0) return;
    const previousFirst = firstId.current;
    firstId.current = messages[0]!.id;
    if (previousFirst && previousFirst !== messages[0]!.id) {
      const added = messages.findIndex((m) => m.id === previousFirst);
      const el = scroller.current;
      // Moved down by what came above it: what the reader looked at stays where it was on screen.
      const shift = added > 0 ? virtualizer.measurementsCache[added]?.start : undefined;
      if (el && shift !== undefined) virtualizer.scrollToOffset(el.scrollTop + shift);
    } else if (atBottom.current) {
      virtualizer.scrollToIndex(messages.length - 1, { align: 'end' });
    }
  }, [messages, virtualizer]);

  const first = items[0]?.index;
  const last = items.at(-1)?.index;
  const { hasPreviousPage, hasNextPage, isFetchingPreviousPage, isFetchingNextPage, fetchPreviousPage, fetchNextPage } =
    query;
  useEffect(() => {
    if (!positioned.current || first === undefined || last === undefined) return;
    // Only once the reader is near the top: the first paint's range starts at 0 before it scrolls down.
    const el = scroller.current;
    const nearTop = !el || el.scrollTop < el.clientHeight;
    if (first <= EDGE_ROWS && nearTop && hasPreviousPage && !isFetchingPreviousPage) void fetchPreviousPage();
    if (last >= messages.length - 1 - EDGE_ROWS && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [
    first,
    last,
    messages.length,
    hasPreviousPage,
    hasNextPage,
    isFetchingPreviousPage,
    isFetchingNextPage,
    fetchPreviousPage,
    fetchNextPage,
  ]);

  // Read up to the newest message on screen, once it has stayed there a moment.
  const newestSeen = virtualizer.range ? messages[virtualizer.range.endIndex]?.id : undefined;
  const { mutate: mark } = markRead;
  useEffect(() => {
    // Nothing unread: nothing to mark (the count goes up again with the next message of someone else).
    if (!newestSeen || newestSeen === markedUpTo.current || channel.unreadCount === 0) return;
    const timer = setTimeout(() => {
      if (document.visibilityState === 'hidden') return;
      markedUpTo.current = newestSeen;
      mark({ channel: channel.id, message: newestSeen });
    }, SEEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [newestSeen, channel.id, channel.unreadCount, mark]);

  if (query.isPending) return <MessageSkeletons />;
  if (query.error && !query.data)
    return (
      <div className="p-4">
        <LoadError
          title="The messages could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </div>
    );
  if (messages.length === 0)
    return (
      <div className="grid flex-1 place-items-center p-6 text-center text-sm text-muted">
        No messages yet. Say hello!
      </div>
    );

  return (
    <div
      ref={scroller}
      role="log"
      aria-label={`Messages of ${channel.name}`}
      aria-busy={isFetchingPreviousPage || isFetchingNextPage || undefined}
      className="min-h-0 flex-1 overflow-y-auto"
      // The list keeps the reader's place itself; the browser's anchoring would move it twice.
      style={{ overflowAnchor: 'none' }}
      onScroll={(event) => {
        const el = event.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80 && !hasNextPage;
      }}
    >
      {isFetchingPreviousPage && (
        // Over the list, not above it: pushing the messages down while it shows would move the reader.
        <p className="sticky top-0 z-10 -mb-6 h-6 text-center text-xs leading-6 text-muted">
          <span className="rounded-full bg-surface px-2 shadow-sm">Loading older messages…</span>
        </p>
      )}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((item) => {
          const message = messages[item.index]!;
          return (
            <div
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
            >
              {message.id === divider && <NewMessagesDivider />}
              <MessageItem
                message={message}
                projectId={channel.projectId}
                me={me}
                readBy={readBy.get(message.id)}
                mentionNames={mentionNames}
                readOnly={channel.archived}
                highlighted={message.id === around}
                original={message.replyTo ? byId.get(message.replyTo) : undefined}
                onReply={channel.archived ? undefined : onReply}
                onJump={onJump}
              />
            </div>
          );
        })}
      </div>
      {isFetchingNextPage && <p className="py-2 text-center text-xs text-muted">Loading newer messages…</p>}
      {hasNextPage && !isFetchingNextPage && (
        <div className="flex justify-center py-2">
          <Button size="small" variant="secondary" onClick={() => void fetchNextPage()}>
            Load newer messages
          </Button>
        </div>
      )}
    </div>
  );
}

function NewMessagesDivider() {
  return (
    <div
      role="separator"
      aria-label="New messages"
      className="flex items-center gap-2 px-4 py-1 text-xs font-semibold text-danger"
    >
      <span className="h-px flex-1 bg-danger" />
      New messages
      <span className="h-px flex-1 bg-danger" />
    </div>
  );
}
