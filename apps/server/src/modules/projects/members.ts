import { QueryBuilder } from 'drizzle-orm/pg-core';
import { and, eq, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { projectMembers, projects } from './schema.js';

/** Who is in a project now (e.g. whom a project's notification reaches). */
export async function projectMemberIds(db: Executor, projectId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(eq(projectMembers.projectId, projectId));
  return rows.map((r) => r.userId);
}

/**
 * The projects a user is a member of now (id and name), as a subquery to select from or join in
 * one's own statement; `userId` may be a placeholder of a prepared statement.
 */
export function memberProjectsOf(userId: string | SQLWrapper) {
  return new QueryBuilder()
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .as('member_projects');
}

/** Whether the user is a member of the project now. */
export async function isProjectMember(db: Executor, projectId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}
