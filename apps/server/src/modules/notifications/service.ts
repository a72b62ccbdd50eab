import { NOTIFICATION_GROUP_USER, projectGroup } from '@wharf/contract';
import { inArray } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Executor } from '../../core/db/database.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import { projectMemberIds } from '../projects/members.js';
import { PUSH_MAX_ATTEMPTS, PUSH_QUEUE, type PushJob } from './push.js';
import { notifications, pushSubscriptions, type StoredAction } from './schema.js';

export interface NotificationContent {
  title: string;
  body?: string | null;
  image?: string | null;
  action?: StoredAction | null;
  /** Also send it to the recipients' devices. */
  push?: boolean;
}

/**
 * How modules tell people something: in the caller's transaction, so a change that rolls back
 * notifies nobody. Every recipient gets a copy of their own to read and delete.
 */
export class NotificationService {
  constructor(private readonly deps: { clock: Clock; jobs: JobQueue }) {}

  /** Notify one person (group 'user'). Answers the number of recipients (1). */
  async notifyUser(tx: Executor, input: NotificationContent & { userId: string }): Promise<number> {
    return this.deliver(tx, [input.userId], NOTIFICATION_GROUP_USER, null, input);
  }

  /**
   * Notify some of a project's people of something only they should hear of (a mention in its chat),
   * in the project's group and tab: one statement however many they are. Answers their number.
   */
  async notifyPeople(
    tx: Executor,
    input: NotificationContent & { projectId: string; userIds: readonly string[] },
  ): Promise<number> {
    return this.deliver(tx, [...input.userIds], projectGroup(input.projectId), input.projectId, input);
  }

  /**
   * Notify everyone who is a member of the project now (group 'project:{id}'); `exceptUserIds` leaves
   * out, say, the person whose action it reports. Answers the number of recipients.
   */
  async notifyProject(
    tx: Executor,
    input: NotificationContent & { projectId: string; exceptUserIds?: string[] },
  ): Promise<number> {
    const except = new Set(input.exceptUserIds);
    const members = (await projectMemberIds(tx, input.projectId)).filter((id) => !except.has(id));
    return this.deliver(tx, members, projectGroup(input.projectId), input.projectId, input);
  }

  private async deliver(
    tx: Executor,
    userIds: string[],
    group: string,
    projectId: string | null,
    content: NotificationContent,
  ): Promise<number> {
    if (userIds.length === 0) return 0;
    const createdAt = this.deps.clock.now();
    const rows = await tx
      .insert(notifications)
      .values(
        userIds.map((userId) => ({
          userId,
          projectId,
          group,
          title: content.title,
          body: content.body ?? null,
          image: content.image ?? null,
          action: content.action ?? null,
          createdAt,
        })),
      )
      .returning({ id: notifications.id, userId: notifications.userId });
    if (content.push) await this.enqueuePushes(tx, rows);
    return rows.length;
  }

  /** One job per device, so a retry never repeats a push a device already got; people without one cost nothing. */
  private async enqueuePushes(tx: Executor, rows: { id: string; userId: string }[]): Promise<void> {
    const devices = await tx
      .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(
        inArray(
          pushSubscriptions.userId,
          rows.map((r) => r.userId),
        ),
      );
    const notificationOf = new Map(rows.map((r) => [r.userId, r.id]));
    const jobs: PushJob[] = devices.map((d) => ({
      notificationId: notificationOf.get(d.userId)!,
      subscriptionId: d.id,
    }));
    await this.deps.jobs.enqueueMany(tx, PUSH_QUEUE, jobs, { maxAttempts: PUSH_MAX_ATTEMPTS });
  }
}
