import type { operations } from '@wharf/contract';
import { and, asc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import { containsPattern, decodePageToken, encodePageToken } from '../../core/pagination.js';
import { userCards as users } from '../accounts/read-models.js';
import { notifyRolesChanged } from '../notifications/events.js';
import type { NotificationService } from '../notifications/service.js';
import { memberships, removeProjectMember } from '../projects/service.js';
import { assertAssignable } from './assignable.js';
import { findRolesByKey, lastOwner } from './roles.js';
import { roleAssignments, roles } from './schema.js';
import { memberNotFound, ownerCount, type PermissionResolver } from './service.js';

type MemberOperations = Pick<typeof operations, 'listMembers' | 'getMember' | 'updateMember' | 'removeMember'>;

/**
 * The keys of the roles a member holds in the project, in order, as a column of the members query:
 * a page of members and their roles is one statement.
 */
const heldRoles = sql<string[]>`coalesce((
  select array_agg(${roles.key} order by ${roles.key})
  from ${roleAssignments} inner join ${roles} on ${roles.id} = ${roleAssignments.roleId}
  where ${roleAssignments.projectId} = ${memberships.projectId} and ${roleAssignments.userId} = ${users.id}
), '{}')`;

export function memberHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  notifications: NotificationService;
}): Handlers<MemberOperations> {
  const { db } = deps;

  async function loadMembers(projectId: string, where: SQL | undefined, limit: number) {
    const rows = await db
      .select({
        user: {
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          avatar: users.avatar,
        },
        joinedAt: memberships.joinedAt,
        roles: heldRoles,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.projectId, projectId), where))
      .orderBy(asc(users.email), asc(users.id))
      .limit(limit);
    return rows.map((r) => ({
      user: {
        id: r.user.id,
        email: r.user.email,
        username: r.user.username,
        firstName: r.user.firstName,
        lastName: r.user.lastName,
        avatar: r.user.avatar,
      },
      roles: r.roles,
      joinedAt: r.joinedAt.toISOString(),
    }));
  }

  async function getOne(projectId: string, userId: string) {
    const [member] = await loadMembers(projectId, eq(users.id, userId), 1);
    if (!member) throw memberNotFound();
    return member;
  }

  /** Taking a role away needs the same right as giving it; the roles may be built-in or the project's own. */
  async function assertAllAssignable(projectId: string, callerId: string, keys: string[]) {
    const rows = await findRolesByKey(db, projectId, [...new Set(keys)]);
    await assertAssignable(
      deps.permissions,
      projectId,
      callerId,
      rows.flatMap((r) => r.permissions),
    );
  }

  return {
    listMembers: async ({ params, query }) => {
      const conditions: SQL[] = [];
      if (query.search) {
        const pattern = containsPattern(query.search);
        conditions.push(
          or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))!,
        );
      }
      if (query.pageToken) {
        // The cursor is the last row's email (in `at`) and id.
        const after = decodePageToken(query.pageToken);
        conditions.push(or(gt(users.email, after.at), and(eq(users.email, after.at), gt(users.id, after.id)))!);
      }
      const rows = await loadMembers(
        params.project,
        conditions.length ? and(...conditions) : undefined,
        query.pageSize + 1,
      );
      const page = rows.slice(0, query.pageSize);
      const last = page[page.length - 1];
      return {
        items: page,
        nextPageToken:
          rows.length > query.pageSize && last ? encodePageToken({ at: last.user.email, id: last.user.id }) : null,
      };
    },

    getMember: ({ params }) => getOne(params.project, params.user),

    updateMember: async ({ params, body }, request) => {
      const current = await getOne(params.project, params.user);
      const wanted = [...new Set(body.roles)];
      const added = wanted.filter((k) => !current.roles.includes(k));
      const removed = current.roles.filter((k) => !(wanted as string[]).includes(k));
      await assertAllAssignable(params.project, request.principal!.userId, [...added, ...removed]);
      const wantedRoles = await findRolesByKey(db, params.project, wanted);
      await db.transaction(async (tx) => {
        if (removed.includes('owner') && (await ownerCount(tx, params.project)) <= 1) throw lastOwner();
        await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.projectId, params.project), eq(roleAssignments.userId, params.user)));
        await tx
          .insert(roleAssignments)
          .values(wantedRoles.map((role) => ({ projectId: params.project, userId: params.user, roleId: role.id })));
        await recordAudit(tx, request, { target: `user:${params.user}`, details: { added, removed } });
        if (params.user !== request.principal!.userId && added.length + removed.length > 0) {
          await notifyRolesChanged(tx, deps.notifications, {
            projectId: params.project,
            userId: params.user,
            roleNames: wantedRoles.map((r) => r.name),
          });
        }
      });
      deps.permissions.invalidateProject(params.project);
      return getOne(params.project, params.user);
    },

    removeMember: async ({ params }, request) => {
      const current = await getOne(params.project, params.user);
      if (params.user !== request.principal!.userId) {
        await assertAllAssignable(params.project, request.principal!.userId, current.roles);
      }
      await db.transaction(async (tx) => {
        if (current.roles.includes('owner') && (await ownerCount(tx, params.project)) <= 1) throw lastOwner();
        await tx
          .delete(roleAssignments)
          .where(and(eq(roleAssignments.projectId, params.project), eq(roleAssignments.userId, params.user)));
        await removeProjectMember(tx, params.project, params.user);
        await recordAudit(tx, request, { target: `user:${params.user}`, details: { roles: current.roles } });
      });
      deps.permissions.invalidateProject(params.project);
      return undefined;
    },
  };
}
