import type { operations } from '@wharf/contract';
import { and, asc, eq, gt, ilike, or, sql } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { preparedShapes } from '../../core/db/prepared.js';
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

/**
 * Members of a project with their roles, by email: a page (after a cursor, matching a search) or one
 * member (`one`), each shape one statement built once.
 */
const membersStatement = preparedShapes(
  'project_members',
  (db: Executor, shape: { search?: boolean; after?: boolean; one?: boolean }, name) => {
    const pattern = sql.placeholder('pattern');
    const afterEmail = sql.placeholder('afterEmail');
    return db
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
      .where(
        and(
          eq(memberships.projectId, sql.placeholder('projectId')),
          shape.one ? eq(users.id, sql.placeholder('userId')) : undefined,
          shape.search
            ? or(ilike(users.email, pattern), ilike(users.firstName, pattern), ilike(users.lastName, pattern))
            : undefined,
          shape.after
            ? or(
                gt(users.email, afterEmail),
                and(eq(users.email, afterEmail), gt(users.id, sql.placeholder('afterId'))),
              )
            : undefined,
        ),
      )
      .orderBy(asc(users.email), asc(users.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  },
);

async function loadMembers(
  db: Executor,
  shape: Parameters<typeof membersStatement>[1],
  values: Record<string, unknown>,
) {
  const rows = await membersStatement(db, shape, values);
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

export function memberHandlers(deps: {
  db: Database;
  permissions: PermissionResolver;
  notifications: NotificationService;
}): Handlers<MemberOperations> {
  const { db } = deps;

  async function getOne(projectId: string, userId: string) {
    const [member] = await loadMembers(db, { one: true }, { projectId, userId, limit: 1 });
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
      // The cursor is the last row's email (in `at`) and id.
      const after = query.pageToken ? decodePageToken(query.pageToken) : undefined;
      const rows = await loadMembers(
        db,
        { search: Boolean(query.search), after: after !== undefined },
        {
          projectId: params.project,
          pattern: query.search ? containsPattern(query.search) : undefined,
          afterEmail: after?.at,
          afterId: after?.id,
          limit: query.pageSize + 1,
        },
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
