import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { Paging } from '../schemas/auth.js';
import { ApiErrorBody } from '../schemas/common.js';
import {
  NotificationGroup,
  NotificationPage,
  PushPublicKey,
  SavePushSubscriptionRequest,
  SendNotificationRequest,
  SentNotification,
} from '../schemas/notifications.js';

const base = '/omnis/v3/dashboard/user';
const tags = ['notifications'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 419: ApiErrorBody };
const notificationParam = z.object({ id: z.uuid() });

/**
 * In-app notifications and device push (SPEC.md section 7 "User API"): the signed-in person's own,
 * through the session cookie. A project's notifications reach each of its members as their own copy,
 * so reading or deleting one never touches a teammate's.
 */
export const notificationOperations = {
  listNotifications: defineOperation({
    operationId: 'listNotifications',
    method: 'GET',
    path: `${base}/notifications`,
    summary:
      "The caller's notifications, newest first, page by page; `group` keeps one tab's ('user' or " +
      "'project:{projectId}'). Every answer carries the unread counts of all the caller's groups",
    tags,
    query: z.object({ ...Paging, group: NotificationGroup.optional() }),
    responses: { 200: NotificationPage, ...errors },
    access: { kind: 'session' },
    audited: false,
  }),
  deleteNotification: defineOperation({
    operationId: 'deleteNotification',
    method: 'DELETE',
    path: `${base}/notifications/{id}`,
    summary: "Delete one of the caller's notifications; it never comes back",
    tags,
    params: notificationParam,
    responses: { 204: z.undefined(), 404: ApiErrorBody, ...errors },
    access: { kind: 'session' },
    audited: false,
  }),
  readNotification: defineOperation({
    operationId: 'readNotification',
    method: 'PUT',
    path: `${base}/notifications/{id}/read`,
    summary: 'Mark one notification read (readAt set to now; an already read one keeps its time)',
    tags,
    params: notificationParam,
    responses: { 204: z.undefined(), 404: ApiErrorBody, ...errors },
    access: { kind: 'session' },
    audited: false,
  }),
  readAllNotifications: defineOperation({
    operationId: 'readAllNotifications',
    method: 'PUT',
    path: `${base}/notifications/read-all`,
    summary: "Mark all the caller's unread notifications read, or only those of `group`",
    tags,
    query: z.object({ group: NotificationGroup.optional() }),
    responses: { 204: z.undefined(), ...errors },
    access: { kind: 'session' },
    audited: false,
  }),
  savePushSubscription: defineOperation({
    operationId: 'savePushSubscription',
    method: 'POST',
    path: `${base}/push/subscription`,
    summary: "Keep this browser's push subscription; pushed notifications go to every one the caller has",
    tags,
    body: SavePushSubscriptionRequest,
    bodyName: 'subscription',
    responses: { 204: z.undefined(), ...errors },
    access: { kind: 'session' },
    audited: false,
  }),
  getPushPublicKey: defineOperation({
    operationId: 'getPushPublicKey',
    method: 'GET',
    path: `${base}/push/key`,
    summary: "The server's VAPID public key (base64url), the browser's applicationServerKey",
    tags,
    responses: { 200: PushPublicKey, 401: ApiErrorBody },
    access: { kind: 'session' },
    audited: false,
  }),
  sendNotification: defineOperation({
    operationId: 'sendNotification',
    method: 'POST',
    path: '/v1/admin/notifications',
    summary: 'Notify one user or every member of a project (platform admins); `push` also sends it to their devices',
    tags: ['admin'],
    body: SendNotificationRequest,
    bodyName: 'sendNotificationRequest',
    responses: { 201: SentNotification, 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody },
    access: { kind: 'admin' },
    audited: true,
  }),
};
