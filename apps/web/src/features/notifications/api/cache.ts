import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { notificationKeys } from './keys';
import type { AppNotification, NotificationPage, UnreadCount } from './types';

/** A tab's list in the query cache: the pages loaded so far. */
export type NotificationListData = InfiniteData<NotificationPage, string | undefined>;

/** Every notification of the pages loaded, once each (a page may repeat one a newer item pushed down). */
export function flattenPages(data: { pages: readonly NotificationPage[] } | undefined): AppNotification[] {
  if (!data) return [];
  const seen = new Set<string>();
  const items: AppNotification[] = [];
  for (const page of data.pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      items.push(item);
    }
  }
  return items;
}

/** The list with `readAt` set on the notifications `pick` chooses. */
export function withReadAt(
  data: NotificationListData,
  pick: (item: AppNotification) => boolean,
  readAt: string | null,
): NotificationListData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (pick(item) ? { ...item, readAt } : item)),
    })),
  };
}

/** The total of unread notifications over every group: the bell's badge and the page title. */
export function totalUnread(counts: readonly UnreadCount[] | undefined): number {
  return (counts ?? []).reduce((sum, entry) => sum + entry.count, 0);
}

/** The unread counts with `group`'s changed by `change` (never below 0). */
export function withGroupCount(
  counts: readonly UnreadCount[],
  group: string,
  change: (count: number) => number,
): UnreadCount[] {
  return counts.map((entry) => (entry.group === group ? { ...entry, count: Math.max(0, change(entry.count)) } : entry));
}

/**
 * Stops the polls that could answer with what was true before a change the user just made (the
 * optimistic update would flicker back). A tab's next page being loaded is left to finish.
 */
export async function cancelPolls(queryClient: QueryClient, group: string): Promise<void> {
  await queryClient.cancelQueries({ queryKey: notificationKeys.unread() });
  const list = queryClient.getQueryCache().find({ queryKey: notificationKeys.list(group), exact: true });
  const fetchMore = (list?.state.fetchMeta as { fetchMore?: unknown } | null | undefined)?.fetchMore;
  if (list && !fetchMore) await queryClient.cancelQueries({ queryKey: notificationKeys.list(group), exact: true });
}
