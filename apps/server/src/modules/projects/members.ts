import { and, asc, eq } from 'drizzle-orm';
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

/** The projects a user is a member of now, by name. */
export async function memberProjects(db: Executor, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: projects.id, name: projects.name })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, userId))
    .orderBy(asc(projects.name), asc(projects.id));
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
