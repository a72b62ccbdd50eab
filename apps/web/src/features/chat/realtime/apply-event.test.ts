import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { windowMessages } from '../api/cache';
import { chatKeys } from '../api/keys';
import type { Channel, MessagePages, Typist } from '../api/types';
import { channelFixture, GRACE, ME, messageFixture } from '../chat-fixtures';
import { applyRealtimeEvent } from './apply-event';

const channel = channelFixture(1);
const TOPIC = `chat:${channel.id}`;

function cacheWith(pages: MessagePages['pages'], channels: Channel[] = [channel]) {
  const queryClient = new QueryClient();
  queryClient.setQueryData<MessagePages>(chatKeys.messages(channel.id, null), {
    pages,
    pageParams: pages.map(() => ({})),
  });
  queryClient.setQueryData(chatKeys.channels(), channels);
  const messages = () => windowMessages(queryClient.getQueryData<MessagePages>(chatKeys.messages(channel.id, null)));
  const listed = () => queryClient.getQueryData<Channel[]>(chatKeys.channels())!;
  return { queryClient, messages, listed };
}

describe('realtime events in the query cache', () => {
  it('appends a new message to a window at the newest end, once, and counts it unread with its mention', () => {
    const { queryClient, messages, listed } = cacheWith([
      { items: [messageFixture(1)], hasOlder: false, hasNewer: false },
    ]);
    const message = messageFixture(2, { mentions: [ME.id] });
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'message', message }, ME.id);
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'message', message }, ME.id);
    expect(messages().map((m) => m.text)).toEqual(['Message 1', 'Message 2']);
    expect(listed()[0]).toMatchObject({ unreadCount: 2, mentionCount: 2, lastMessageAt: message.createdAt });
  });

  it('leaves a window opened further back alone (it loads newer pages itself), and never counts one’s own message', () => {
    const { queryClient, messages, listed } = cacheWith([
      { items: [messageFixture(1)], hasOlder: true, hasNewer: true },
    ]);
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'message', message: messageFixture(9, { author: { id: ME.id, name: ME.name } }) },
      ME.id,
    );
    expect(messages().map((m) => m.text)).toEqual(['Message 1']);
    expect(listed()[0]!.unreadCount).toBe(0);
  });

  it('edits, and leaves a tombstone for a deleted message', () => {
    const { queryClient, messages } = cacheWith([
      {
        items: [messageFixture(1), messageFixture(2, { reactions: [{ emoji: '👍', count: 1, mine: false }] })],
        hasOlder: false,
        hasNewer: false,
      },
    ]);
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'message.edited', messageId: messageFixture(1).id, text: 'Fixed', editedAt: '2026-11-20T10:00:00Z' },
      ME.id,
    );
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'message.deleted', messageId: messageFixture(2).id }, ME.id);
    expect(messages()[0]).toMatchObject({ text: 'Fixed', editedAt: '2026-11-20T10:00:00Z' });
    expect(messages()[1]).toMatchObject({ deleted: true, text: '', reactions: [] });
  });

  it('counts reactions, working out `mine` from who reacted', () => {
    const { queryClient, messages } = cacheWith([{ items: [messageFixture(1)], hasOlder: false, hasNewer: false }]);
    const id = messageFixture(1).id;
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'reaction', messageId: id, emoji: '👍', userId: GRACE.id, added: true, count: 1 },
      ME.id,
    );
    expect(messages()[0]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: false }]);
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'reaction', messageId: id, emoji: '👍', userId: ME.id, added: true, count: 2 },
      ME.id,
    );
    expect(messages()[0]!.reactions).toEqual([{ emoji: '👍', count: 2, mine: true }]);
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'reaction', messageId: id, emoji: '👍', userId: GRACE.id, added: false, count: 1 },
      ME.id,
    );
    expect(messages()[0]!.reactions).toEqual([{ emoji: '👍', count: 1, mine: true }]);
    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'reaction', messageId: id, emoji: '👍', userId: ME.id, added: false, count: 0 },
      ME.id,
    );
    expect(messages()[0]!.reactions).toEqual([]);
  });

  it('shows who types (not oneself), and keeps the reader’s own counts when a channel changes', () => {
    const mine = channelFixture(1, { unreadCount: 4, muted: true });
    const { queryClient, listed } = cacheWith([], [mine]);
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'typing', userId: GRACE.id, name: GRACE.name }, ME.id);
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'typing', userId: ME.id, name: ME.name }, ME.id);
    expect(queryClient.getQueryData<Typist[]>(chatKeys.typing(channel.id))!.map((t) => t.name)).toEqual([GRACE.name]);

    applyRealtimeEvent(
      queryClient,
      TOPIC,
      { kind: 'channel.updated', channel: { ...mine, name: 'renamed', unreadCount: 0, muted: false } },
      ME.id,
    );
    expect(listed()[0]).toMatchObject({ name: 'renamed', unreadCount: 4, muted: true });
  });

  it('drops a deleted channel, or one the person left, from the list', () => {
    const other = channelFixture(2);
    const { queryClient, listed } = cacheWith([], [channel, other]);
    applyRealtimeEvent(queryClient, TOPIC, { kind: 'channel.deleted' }, ME.id);
    expect(listed().map((c) => c.id)).toEqual([other.id]);
    expect(queryClient.getQueryData(chatKeys.messages(channel.id, null))).toBeUndefined();
    applyRealtimeEvent(queryClient, `user:${ME.id}`, { kind: 'channel.left', channelId: other.id }, ME.id);
    expect(listed()).toEqual([]);
  });
});
