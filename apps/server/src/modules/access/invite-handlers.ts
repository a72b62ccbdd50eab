import type { operations } from '@wharf/contract';
import { and, desc, eq, ilike, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedShapes } from '../../core/db/prepared.js';
import { AppError } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { afterToken, containsPattern, olderThanPlaceholders, timePage } from '../../core/pagination.js';
import { currentAccount } from '../accounts/context.js';
import { userCards } from '../accounts/read-models.js';
import { normalizeEmail } from '../accounts/service.js';
import type { MailService } from '../mail/service.js';
import { notifyMemberJoined } from '../notifications/events.js';
import type { NotificationService } from '../notifications/service.js';
import type { PlatformService } from '../platform/service.js';
import { memberships } from '../projects/service.js';
import { assertAssignable } from './assignable.js';
import { acceptInvite, createInvite } from './invites.js';
import { findRolesByKey } from './roles.js';
import { invites } from './schema.js';
import type { PermissionResolver } from './service.js';

type InviteOperations = Pick<typeof operations, 'listInvites' | 'createInvite' | 'revokeInvite' | 'acceptInvite'>;
type InviteRow = typeof invites.$inferSelect;

function statusOf(invite: InviteRow, now: Date) {
  if (invite.revokedAt) return 'revoked' as const;
  if (invite.acceptedAt) return 'accepted' as const;
  return invite.expiresAt <= now ? ('expired' as const) : ('pending' as const);
}

function toInvite(invite: InviteRow, now: Date) {
  return {
    id: invite.id,
    email: invite.email,
    role: invite.role,
    status: statusOf(invite, now),
    createdAt: invite.createdAt.toISOString(),
    expiresAt: invite.expiresAt.toISOString(),
  };
}

/** A project's invitations, newest first, paged by keyset on (createdAt, id). */
const invitesPage = preparedShapes(
  'project_invites',
  (db: Executor, shape: { search: boolean; after: boolean }, name) =>
    db
      .select()
      .from(invites)
      .where(
        and(
          eq(invites.projectId, sql.placeholder('projectId')),
          shape.search ? ilike(invites.email, sql.placeholder('pattern')) : undefined,
          shape.after ? olderThanPlaceholders(invites.createdAt, invites.id) : undefined,
        ),
      )
      .orderBy(desc(invites.createdAt), desc(invites.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
);

export function inviteHandlers(deps: {
  db: Database;
  clock: Clock;
  mail: MailService;
  permissions: PermissionResolver;
  platform: PlatformService;
  notifications: NotificationService;
  publicUrl: string;
}): Handlers<InviteOperations> {
  const { db, clock } = deps;

  return {
    listInvites: async ({ params, query }) => {
      // A forged or foreign page token is refused before anything is read.
      const after = afterToken(query.pageToken);
      const rows = await invitesPage(
        db,
        { search: Boolean(query.search), after: after.afterAt !== undefined },
        {
          projectId: params.project,
          pattern: query.search ? containsPattern(query.search.toLowerCase()) : undefined,
          limit: query.pageSize + 1,
          ...after,
        },
      );
      const now = clock.now();
      return timePage(
        rows,
        query.pageSize,
        (r) => r.createdAt,
        (row) => toInvite(row, now),
      );
    },

    createInvite: async ({ params, body }, request) => {
      const inviter = request.principal!.userId;
      // Built-in or the project's own: the same roles Change role offers, each only if the inviter could give it.
      const [role] = await findRolesByKey(db, params.project, [body.role]);
      await assertAssignable(deps.permissions, params.project, inviter, role!.permissions);
      const email = normalizeEmail(body.email);
      const platform = await deps.platform.resolve({ host: request.hostname });
      const created = await db.transaction(async (tx) => {
        const [member] = await tx
          .select({ userId: memberships.userId })
          .from(memberships)
          .innerJoin(userCards, eq(userCards.id, memberships.userId))
          .where(and(eq(memberships.projectId, params.project), eq(userCards.email, email)));
        if (member) throw new AppError(409, 'ALREADY_MEMBER', `${email} is already a member of this project.`);
        // A new invitation replaces any earlier pending one for the same address.
        await tx
          .update(invites)
          .set({ revokedAt: clock.now() })
          .where(
            and(
              eq(invites.projectId, params.project),
              eq(invites.email, email),
              isNull(invites.acceptedAt),
              isNull(invites.revokedAt),
            ),
          );
        const { id } = await createInvite(
          tx,
          { clock, mail: deps.mail, publicUrl: deps.publicUrl, platformName: platform.name },
          { projectId: params.project, email, role: body.role, invitedBy: inviter },
        );
        await recordAudit(tx, request, { target: `invite:${id}`, details: { email, role: body.role } });
        const [row] = await tx.select().from(invites).where(eq(invites.id, id));
        return row!;
      });
      void deps.mail.flush();
      return toInvite(created, clock.now());
    },

    revokeInvite: async ({ params }, request) => {
      await db.transaction(async (tx) => {
        const [invite] = await tx
          .select()
          .from(invites)
          .where(and(eq(invites.id, params.invite), eq(invites.projectId, params.project)))
          .for('update');
        if (!invite) throw new AppError(404, 'INVITE_NOT_FOUND', 'Invitation not found');
        if (statusOf(invite, clock.now()) !== 'pending') {
          throw new AppError(409, 'INVITE_NOT_PENDING', `This invitation is ${statusOf(invite, clock.now())}.`);
        }
        await tx.update(invites).set({ revokedAt: clock.now() }).where(eq(invites.id, invite.id));
        await recordAudit(tx, request, { target: `invite:${invite.id}` });
      });
      return undefined;
    },

    // The invited person's own call (a session operation of the account API), answered here with the invitations.
    acceptInvite: ({ params }, request) =>
      acceptInvite(db, clock, currentAccount(request).user, params.token, async (tx, accepted) => {
        await recordAudit(tx, request, {
          projectId: accepted.projectId,
          target: `project:${accepted.projectId}`,
          details: { role: accepted.role },
        });
        if (accepted.joined) {
          const user = currentAccount(request).user;
          await notifyMemberJoined(tx, deps.notifications, { ...accepted, user });
        }
      }),
  };
}
