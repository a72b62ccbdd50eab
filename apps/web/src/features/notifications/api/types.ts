import type { ResultOf } from '../../../app/api-types';

/** One page of `GET /notifications`: items, the next page's token, and the unread counts of every group. */
export type NotificationPage = ResultOf<'listNotifications'>;
export type AppNotification = NotificationPage['items'][number];
export type UnreadCount = NotificationPage['unread'][number];
