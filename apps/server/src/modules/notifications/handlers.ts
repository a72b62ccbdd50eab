import { NOTIFICATION_GROUP_USER, projectGroup, type operations } from '@wharf/contract';
import { and, asc, desc, eq, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedQuery, preparedShapes } from '../../core/db/prepared.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { afterToken, olderThanPlaceholders, timePage } from '../../core/pagination.js';
import { findUserById } from '../accounts/service.js';
import { memberProjectsOf } from '../projects/members.js';
import { projectTitle } from '../projects/read-models.js';
import type { PushSender } from './push.js';
import { notifications, pushSubscriptions } from './schema.js';
import type { NotificationService } from './service.js';

type NotificationOperations = Pick<
  typeof operations,
  | 'listNotifications'
  | 'deleteNotification'
  | 'readNotification'
  | 'readAllNotifications'
  | 'savePushSubscription'
  | 'getPushPublicKey'
  | 'sendNotification'
>;

type NotificationRow = typeof notifications.$inferSelect;

/** Each push costs one job per device: a bound keeps one account from multiplying that work. */
export const MAX_PUSH_DEVICES = 20;

const notificationNotFound = () => notFound('Notification not found', 'NOTIFICATION_NOT_FOUND');

function toNotification(row: NotificationRow) {
  return {
    id: row.id,
    group: row.group,
    projectId: row.projectId,
    title: row.title,
    body: row.body,
    image: row.image,
    action: row.action ? { ...row.action } : null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * A page of the caller's notifications, newest first. A project's notifications stay with the people
 * who are still in it. A row comparison is an index range on (user, created_at, id): page 1000 costs
 * what page 1 does.
 */
const notificationsPage = preparedShapes(
  'notifications_page',
  (db: Executor, shape: { group: boolean; after: boolean }, name) => {
    const mine = memberProjectsOf(sql.placeholder('userId'));
    return db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, sql.placeholder('userId')),
          or(isNull(notifications.projectId), inArray(notifications.projectId, db.select({ id: mine.id }).from(mine))),
          shape.group ? eq(notifications.group, sql.placeholder('group')) : undefined,
          shape.after ? olderThanPlaceholders(notifications.createdAt, notifications.id) : undefined,
        ),
      )
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  },
);

/**
 * Unread counts of the caller's groups, theirs and each project they are a member of now, in one
 * statement: one row per project (none without projects, hence the one-row source), each carrying
 * the user group's count too.
 */
const unreadCounts = preparedQuery((db: Executor) => {
  const mine = memberProjectsOf(sql.placeholder('userId'));
  const unreadIn = (group: SQL) =>
    sql<number>`(select count(*)::int from ${notifications} where ${notifications.userId} = ${sql.placeholder('userId')} and ${notifications.readAt} is null and ${notifications.group} = ${group})`;
  return db
    .select({
      userCount: unreadIn(sql`${NOTIFICATION_GROUP_USER}`),
      projectId: mine.id,
      projectName: mine.name,
      count: unreadIn(sql`${projectGroup('')} || ${mine.id}`),
    })
    .from(sql`(select 1) as one`)
    .leftJoin(mine, sql`true`)
    .orderBy(asc(mine.name), asc(mine.id))
    .prepare('notifications_unread');
});

function unreadGroups(rows: Awaited<ReturnType<typeof unreadCounts>>) {
  return [
    { group: NOTIFICATION_GROUP_USER, projectId: null, projectName: null, count: rows[0]?.userCount ?? 0 },
    ...rows.flatMap((r) =>
      r.projectId === null || r.projectName === null
        ? []
        : [{ group: projectGroup(r.projectId), projectId: r.projectId, projectName: r.projectName, count: r.count }],
    ),
  ];
}

/** Project ids are stored lower case; the contract accepts either. */
const normalGroup = (group: string | undefined) => group?.toLowerCase();

export function notificationHandlers(deps: {
  db: Database;
  clock: Clock;
  notifications: NotificationService;
  push: PushSender;
  /** Plain-http push endpoints are refused unless allowed (tests' loopback receiver). */
  allowHttpPush: boolean;
}): Handlers<NotificationOperations> {
  const { db, clock } = deps;

  return {
    listNotifications: async ({ query }, request) => {
      const userId = request.principal!.userId;
      const group = normalGroup(query.group);
      // A forged or foreign page token is refused before anything is read.
      const after = afterToken(query.pageToken);
      // The page and the counts are independent reads: a poll waits for the slower, not for both in turn.
      const [rows, unread] = await Promise.all([
        notificationsPage(
          db,
          { group: group !== undefined, after: after.afterAt !== undefined },
          {
            userId,
            group,
            limit: query.pageSize + 1,
            ...after,
          },
        ),
        unreadCounts(db, { userId }),
      ]);
      return {
        ...timePage(rows, query.pageSize, (r) => r.createdAt, toNotification),
        unread: unreadGroups(unread),
      };
    },

    deleteNotification: async ({ params }, request) => {
      const deleted = await db
        .delete(notifications)
        .where(and(eq(notifications.id, params.id), eq(notifications.userId, request.principal!.userId)))
        .returning({ id: notifications.id });
      if (deleted.length === 0) throw notificationNotFound();
      return undefined;
    },

    readNotification: async ({ params }, request) => {
      const now = clock.now().toISOString();
      const read = await db
        .update(notifications)
        // An already read notification keeps the time it was first read.
        .set({ readAt: sql`coalesce(${notifications.readAt}, ${now}::timestamptz)` })
        .where(and(eq(notifications.id, params.id), eq(notifications.userId, request.principal!.userId)))
        .returning({ id: notifications.id });
      if (read.length === 0) throw notificationNotFound();
      return undefined;
    },

    readAllNotifications: async ({ query }, request) => {
      const group = normalGroup(query.group);
      await db
        .update(notifications)
        .set({ readAt: clock.now() })
        .where(
          and(
            eq(notifications.userId, request.principal!.userId),
            isNull(notifications.readAt),
            group ? eq(notifications.group, group) : undefined,
          ),
        );
      return undefined;
    },

    savePushSubscription: async ({ body }, request) => {
      const userId = request.principal!.userId;
      const { subscription } = body;
      // Push services are https; plain http would let anyone aim the server at internal addresses.
      if (!deps.allowHttpPush && !subscription.endpoint.startsWith('https:')) {
        throw badRequest('Push endpoints must use https.', 'PUSH_ENDPOINT_INSECURE');
      }
      const now = clock.now();
      await db.transaction(async (tx) => {
        // The browser's subscription belongs to whoever saved it last: the person signed in there now.
        await tx
          .insert(pushSubscriptions)
          .values({ userId, endpoint: subscription.endpoint, subscription, createdAt: now })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, subscription, createdAt: now } });
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, userId))
          .orderBy(desc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
          .limit(MAX_PUSH_DEVICES);
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
      });
      return undefined;
    },

    getPushPublicKey: () => ({ publicKey: deps.push.publicKey }),

    sendNotification: async ({ body }, request) => {
      const content = { title: body.title, body: body.body, image: body.image, action: body.action, push: body.push };
      const recipients = await db.transaction(async (tx) => {
        let count: number;
        if (body.userId) {
          if (!(await findUserById(tx, body.userId))) throw new AppError(404, 'USER_NOT_FOUND', 'User not found');
          count = await deps.notifications.notifyUser(tx, { ...content, userId: body.userId });
        } else {
          // An unknown project is 404 PROJECT_NOT_FOUND.
          await projectTitle(tx, body.projectId!);
          count = await deps.notifications.notifyProject(tx, { ...content, projectId: body.projectId! });
        }
        await recordAudit(tx, request, {
          target: body.userId ? `user:${body.userId}` : `project:${body.projectId}`,
          projectId: body.projectId ?? null,
          details: { title: body.title, push: body.push, recipients: count },
        });
        return count;
      });
      return { recipients };
    },
  };
}
