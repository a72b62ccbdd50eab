import type { Permission } from '@wharf/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { projectMembers } from '../projects/schema.js';
import { builtInRole, builtInRoles } from './built-in-roles.js';
import { roleAssignments, roles } from './schema.js';

/** Write the built-in roles' names and permissions from code (every start; idempotent). */
export async function syncBuiltInRoles(db: Executor): Promise<void> {
  for (const role of builtInRoles) {
    await db
      .insert(roles)
      .values({ ...role, permissions: [...role.permissions], projectId: null, builtIn: true })
      .onConflictDoUpdate({
        target: roles.id,
        set: {
          name: role.name,
          description: role.description,
          permissions: [...role.permissions],
          updatedAt: sql`now()`,
        },
      });
  }
}

/** Make a user a member of a project holding a built-in role; answers false when already a member. */
export async function addMember(tx: Executor, projectId: string, userId: string, roleKey: string): Promise<boolean> {
  const added = await tx.insert(projectMembers).values({ projectId, userId }).onConflictDoNothing().returning();
  if (added.length === 0) return false;
  await tx
    .insert(roleAssignments)
    .values({ projectId, userId, roleId: builtInRole(roleKey).id })
    .onConflictDoNothing();
  return true;
}

export const memberNotFound = () =>
  new AppError(404, 'MEMBER_NOT_FOUND', 'That person is not a member of this project.');

/** How many members hold the Owner role (a project keeps at least one). */
export async function ownerCount(db: Executor, projectId: string): Promise<number> {
  const owners = await db
    .select({ userId: roleAssignments.userId })
    .from(roleAssignments)
    .where(and(eq(roleAssignments.projectId, projectId), eq(roleAssignments.roleId, builtInRole('owner').id)));
  return owners.length;
}

/** The keys of the roles a user holds in a project. */
export async function roleKeysOf(db: Executor, projectId: string, userId: string): Promise<string[]> {
  const rows = await db
    .select({ key: roles.key })
    .from(roleAssignments)
    .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
    .where(and(eq(roleAssignments.projectId, projectId), eq(roleAssignments.userId, userId)))
    .orderBy(roles.key);
  return rows.map((r) => r.key);
}

export interface PermissionDecision {
  granted: Permission[];
  denied: Permission[];
  /** The roles the user holds in the project, and which of the asked permissions each grants. */
  roles: { id: string; key: string; name: string; grants: Permission[] }[];
}

/** SPEC.md section 6: decisions are cached 10 seconds. */
export const PERMISSION_CACHE_MS = 10_000;
const MAX_CACHED = 100_000;

/**
 * Decides permissions per project and user from their roles. Results are cached 10 s per project,
 * user and permission (SPEC.md section 6), and a project's entries are dropped when its roles or
 * assignments change. In-process; a shared cache (Redis) can sit behind the same two methods.
 */
export class PermissionResolver {
  private readonly cache = new Map<string, { granted: boolean; expires: number }>();
  /** Bumped when a project's roles change, which retires every cached entry of the project. */
  private readonly generation = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = () => performance.now(),
    private readonly ttlMs: number = PERMISSION_CACHE_MS,
  ) {}

  invalidateProject(projectId: string): void {
    this.generation.set(projectId, (this.generation.get(projectId) ?? 0) + 1);
  }

  private key(projectId: string, userId: string, permission: string) {
    return `${projectId}:${this.generation.get(projectId) ?? 0}:${userId}:${permission}`;
  }

  async has(projectId: string, userId: string, permission: Permission): Promise<boolean> {
    const { granted } = await this.decide(projectId, userId, [permission]);
    return granted.length === 1;
  }

  /** Each permission granted or denied, from the cache where fresh, else from the roles. */
  async decide(projectId: string, userId: string, asked: Permission[]): Promise<PermissionDecision> {
    const nowMs = this.now();
    const unknown = asked.filter((p) => {
      const hit = this.cache.get(this.key(projectId, userId, p));
      return !hit || hit.expires <= nowMs;
    });
    let held: PermissionDecision['roles'] = [];
    if (unknown.length > 0 || asked.length === 0) {
      held = await this.rolesWith(projectId, userId, asked);
      const grantedNow = new Set(held.flatMap((r) => r.grants));
      if (this.cache.size > MAX_CACHED) this.cache.clear();
      for (const p of unknown)
        this.cache.set(this.key(projectId, userId, p), { granted: grantedNow.has(p), expires: nowMs + this.ttlMs });
    }
    const granted = asked.filter((p) => this.cache.get(this.key(projectId, userId, p))?.granted);
    return { granted, denied: asked.filter((p) => !granted.includes(p)), roles: held };
  }

  /** Every permission a member holds in the project, fresh from the database (for assigning roles). */
  async heldBy(projectId: string, userId: string): Promise<Set<string>> {
    const held = await this.heldRoles(projectId, userId);
    return new Set(held.flatMap((r) => r.permissions));
  }

  /** The roles a member holds, with the asked permissions each grants. */
  async rolesWith(projectId: string, userId: string, asked: Permission[]): Promise<PermissionDecision['roles']> {
    const held = await this.heldRoles(projectId, userId);
    return held.map((r) => ({
      id: r.id,
      key: r.key,
      name: r.name,
      grants: asked.filter((p) => r.permissions.includes(p)),
    }));
  }

  /** One read: the roles a member (only a member) holds in the project, with all their permissions. */
  private heldRoles(projectId: string, userId: string) {
    return this.db
      .select({ id: roles.id, key: roles.key, name: roles.name, permissions: roles.permissions })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
      .innerJoin(
        projectMembers,
        and(eq(projectMembers.projectId, roleAssignments.projectId), eq(projectMembers.userId, roleAssignments.userId)),
      )
      .where(and(eq(roleAssignments.projectId, projectId), eq(roleAssignments.userId, userId)));
  }
}
