import type { InfiniteData } from '@tanstack/react-query';
import type { Channel, ChannelUser, Message, MessagePage } from '@wharf/contract';

export type { Channel, ChannelUser, Message, MessagePage };

/** Where a page of messages starts: the latest (nothing), or around, before or after one message. */
export type PageCursor = { around?: string; before?: string; after?: string };

/** A channel's loaded window of messages: pages oldest first, each with its cursor. */
export type MessagePages = InfiniteData<MessagePage, PageCursor>;

/** Someone typing in a channel, until `until` (ms). */
export interface Typist {
  userId: string;
  name: string;
  until: number;
}
