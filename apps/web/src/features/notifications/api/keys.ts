/** Query keys of the notifications' queries; `notificationKeys.all` covers every one. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The unread counts of every group (the bell, the page title, the Projects tab), polled. */
  unread: () => [...notificationKeys.all, 'unread'] as const,
  /** One tab's list ('user' or 'project:{id}'), page by page. */
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (group: string) => [...notificationKeys.lists(), group] as const,
};
