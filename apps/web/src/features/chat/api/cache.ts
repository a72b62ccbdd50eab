import type { QueryClient } from '@tanstack/react-query';
import { chatKeys } from './keys';
import type { Channel, Message, MessagePages, Typist } from './types';

/** Every loaded window of a channel's messages, changed by `change` (a window not loaded stays so). */
function updateWindows(queryClient: QueryClient, channel: string, change: (data: MessagePages) => MessagePages) {
  queryClient.setQueriesData<MessagePages>({ queryKey: chatKeys.messageLists(channel) }, (data) =>
    data ? change(data) : data,
  );
}

function mapMessages(data: MessagePages, change: (message: Message) => Message): MessagePages {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(change) })) };
}

/** Every message of a window, oldest first, once each (pages may overlap at their edges). */
export function windowMessages(data: { pages: readonly { items: readonly Message[] }[] } | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const messages: Message[] = [];
  for (const page of data.pages)
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      messages.push(message);
    }
  return messages;
}

/**
 * A new message goes at the end of each window that reaches the channel's newest message. A window
 * opened further back (it has newer pages still to load) gets it when it loads that far.
 */
export function addMessage(queryClient: QueryClient, message: Message): void {
  updateWindows(queryClient, message.channelId, (data) => {
    const last = data.pages.at(-1);
    if (!last || last.hasNewer) return data;
    if (data.pages.some((page) => page.items.some((m) => m.id === message.id))) return data;
    return { ...data, pages: [...data.pages.slice(0, -1), { ...last, items: [...last.items, message] }] };
  });
  queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) =>
    list?.map((c) => (c.id === message.channelId ? { ...c, lastMessageAt: message.createdAt } : c)),
  );
}

/** The message as the server now has it, wherever it is loaded. */
export function replaceMessage(queryClient: QueryClient, message: Message): void {
  updateWindows(queryClient, message.channelId, (data) =>
    mapMessages(data, (m) => (m.id === message.id ? message : m)),
  );
}

export function patchMessage(
  queryClient: QueryClient,
  channel: string,
  id: string,
  change: (message: Message) => Message,
): void {
  updateWindows(queryClient, channel, (data) => mapMessages(data, (m) => (m.id === id ? change(m) : m)));
}

/** What a deleted message leaves: its place, author and time, nothing of what it said. */
export function tombstone(queryClient: QueryClient, channel: string, id: string): void {
  patchMessage(queryClient, channel, id, (m) => ({
    ...m,
    deleted: true,
    text: '',
    mentions: [],
    attachments: [],
    reactions: [],
  }));
}

/**
 * One person's reaction came or went: `count` is the server's new total for the emoji; `mine`
 * changes only when that person is the reader (events carry who, not what each reader sees).
 */
export function applyReaction(
  queryClient: QueryClient,
  channel: string,
  event: { messageId: string; emoji: string; userId: string; added: boolean; count: number },
  me: string | null,
): void {
  patchMessage(queryClient, channel, event.messageId, (m) => {
    const existing = m.reactions.find((r) => r.emoji === event.emoji);
    const mine = event.userId === me ? event.added : (existing?.mine ?? false);
    const others = m.reactions.filter((r) => r.emoji !== event.emoji);
    if (event.count <= 0) return { ...m, reactions: others };
    const updated = { emoji: event.emoji, count: event.count, mine };
    return {
      ...m,
      reactions: existing ? m.reactions.map((r) => (r.emoji === event.emoji ? updated : r)) : [...m.reactions, updated],
    };
  });
}

export function updateChannelInList(queryClient: QueryClient, id: string, change: (channel: Channel) => Channel) {
  queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) => list?.map((c) => (c.id === id ? change(c) : c)));
}

/** How long a typing event keeps its name on screen without another. */
export const TYPING_SHOWN_MS = 6000;

export function addTypist(queryClient: QueryClient, channel: string, typist: Omit<Typist, 'until'>, now = Date.now()) {
  queryClient.setQueryData<Typist[]>(chatKeys.typing(channel), (list = []) => [
    ...list.filter((t) => t.userId !== typist.userId && t.until > now),
    { ...typist, until: now + TYPING_SHOWN_MS },
  ]);
}

export function removeTypist(queryClient: QueryClient, channel: string, userId: string) {
  queryClient.setQueryData<Typist[]>(chatKeys.typing(channel), (list) => list?.filter((t) => t.userId !== userId));
}
