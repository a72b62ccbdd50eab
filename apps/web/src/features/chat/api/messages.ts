import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import { chatKeys } from './keys';
import type { MessagePage, PageCursor } from './types';

/** Messages per page: a screenful or two of a busy channel. */
export const MESSAGES_PAGE_SIZE = 50;

export function messagesQueryOptions(client: WharfClient, channel: string, around: string | null) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(channel, around),
    queryFn: ({ pageParam, signal }) =>
      client.listMessages({ channel, limit: MESSAGES_PAGE_SIZE, ...pageParam }, { signal }),
    initialPageParam: (around ? { around } : {}) as PageCursor,
    // Keyset both ways from the window's edges: older before the first, newer after the last.
    getPreviousPageParam: (first: MessagePage): PageCursor | undefined => {
      const oldest = first.items[0];
      return first.hasOlder && oldest ? { before: oldest.id } : undefined;
    },
    getNextPageParam: (last: MessagePage): PageCursor | undefined => {
      const newest = last.items.at(-1);
      return last.hasNewer && newest ? { after: newest.id } : undefined;
    },
    // Realtime events keep the window current; a refetch would re-read every page loaded.
    staleTime: Infinity,
  });
}

/**
 * `GET /v1/chat/channels/{channel}/messages`: a window of the channel, the latest page or the page
 * `around` one message (a search result, a link, a notification), growing older pages at its top
 * and newer ones at its bottom as the person scrolls.
 */
export function useMessages(channel: string, around: string | null) {
  return useInfiniteQuery(messagesQueryOptions(useApiClient(), channel, around));
}
