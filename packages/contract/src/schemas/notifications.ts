import { z } from 'zod';
import { multiline } from './common.js';

export { NOTIFICATION_GROUP_USER, projectGroup } from '../shell-constants.js';
export const NotificationGroup = z
  .string()
  .regex(
    /^(user|project:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i,
    "A group is 'user' or 'project:{projectId}'.",
  );

/** A console route by name, as the router navigates to it; also what a route bookmark holds. */
export const RouteRef = z
  .object({
    name: z.string().min(1).max(200),
    params: z.record(z.string(), z.string()).default({}),
    query: z.record(z.string(), z.string()).default({}),
  })
  .meta({ id: 'RouteRef' });
export type RouteRef = z.infer<typeof RouteRef>;

/** Where a notification leads when clicked: a console route, or an external link. */
export const NotificationAction = z
  .object({
    route: RouteRef.optional(),
    link: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
  })
  .refine((a) => Boolean(a.route) !== Boolean(a.link), 'An action is either a route or a link.')
  .meta({ id: 'NotificationAction' });
export type NotificationAction = z.infer<typeof NotificationAction>;

export const Notification = z
  .object({
    id: z.uuid(),
    group: z.string().describe("'project:{projectId}' or 'user'"),
    projectId: z.uuid().nullable(),
    title: z.string(),
    body: z.string().nullable(),
    image: z.string().nullable(),
    action: NotificationAction.nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

/** Unread notifications per group: the bell, the page title and the Projects tab read these. */
export const UnreadCount = z.object({
  group: z.string(),
  projectId: z.uuid().nullable(),
  projectName: z.string().nullable(),
  count: z.number().int().min(0),
});
export type UnreadCount = z.infer<typeof UnreadCount>;

export const NotificationPage = z
  .object({
    items: z.array(Notification),
    nextPageToken: z.string().nullable(),
    unread: z.array(UnreadCount).describe('Unread counts of every group of the caller, whatever the filter'),
  })
  .meta({ id: 'NotificationPage' });
export type NotificationPage = z.infer<typeof NotificationPage>;

/** The browser's `PushSubscription.toJSON()`. */
export const PushSubscriptionJson = z
  .object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    expirationTime: z.number().nullable().optional(),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
  })
  .meta({ id: 'PushSubscriptionJson' });
export type PushSubscriptionJson = z.infer<typeof PushSubscriptionJson>;

export const SavePushSubscriptionRequest = z.object({ subscription: PushSubscriptionJson });

export const PushPublicKey = z.object({ publicKey: z.string() }).meta({ id: 'PushPublicKey' });

/** A platform admin's message to one user or to every member of a project. */
export const SendNotificationRequest = z
  .object({
    userId: z.uuid().optional(),
    projectId: z.uuid().optional(),
    title: z.string().trim().min(1, 'Give the notification a title.').max(200),
    body: multiline(z.string().max(2000)).optional(),
    image: z
      .url({ protocol: /^https?$/ })
      .max(2000)
      .optional(),
    action: NotificationAction.optional(),
    push: z.boolean().default(false),
  })
  .refine((r) => Boolean(r.userId) !== Boolean(r.projectId), 'Send to a user or to a project, not both.')
  .meta({ id: 'SendNotificationRequest' });
export type SendNotificationRequest = z.infer<typeof SendNotificationRequest>;

export const SentNotification = z.object({ recipients: z.number().int() }).meta({ id: 'SentNotification' });
