import type { Permission } from '@wharf/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { addProjectMember, memberships, projectOrganisations } from '../projects/service.js';
import { builtInRole, builtInRoles } from './built-in-roles.js';
import { MemoryDecisionCache, type DecisionCache } from './decision-cache.js';
import { roleAssignments, roles } from './schema.js';

/** Write the built-in roles' names and permissions from code (every start; idempotent). */
export async function syncBuiltInRoles(db: Executor): Promise<void> {
  for (const role of builtInRoles) {
    const fromCode = { name: role.name, description: role.description, permissions: [...role.permissions] };
    await db
      .insert(roles)
      .values({ ...role, ...fromCode, projectId: null, builtIn: true })
      .onConflictDoUpdate({
        target: roles.id,
        set: { ...fromCode, updatedAt: sql`now()` },
        // A role a platform admin edited keeps their edit across restarts.
        setWhere: isNull(roles.customisedAt),
      });
  }
  // The owner holds every permission, also ones added to the catalogue after an admin's edit.
  await db
    .update(roles)
    .set({ permissions: [...builtInRole('owner').permissions] })
    .where(eq(roles.id, builtInRole('owner').id));
}

/**
 * Make a user a member of a project holding a role, built-in or the project's own (by key); answers
 * false when already a member. A custom role deleted since it was chosen (an invitation's) is a 409.
 */
export async function addMember(tx: Executor, projectId: string, userId: string, roleKey: string): Promise<boolean> {
  const builtIn = builtInRoles.find((r) => r.key === roleKey);
  let roleId: string | undefined = builtIn?.id;
  if (!roleId) {
    const [own] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.projectId, projectId), eq(roles.key, roleKey)));
    if (!own) {
      throw new AppError(
        409,
        'ROLE_GONE',
        'The role this was for no longer exists in the project. Ask for a new invitation.',
      );
    }
    roleId = own.id;
  }
  if (!(await addProjectMember(tx, projectId, userId))) return false;
  await tx.insert(roleAssignments).values({ projectId, userId, roleId }).onConflictDoNothing();
  return true;
}

/** The creator of a new project holds its Owner role (projects' `created` hook, in its transaction). */
export async function makeOwner(tx: Executor, projectId: string, userId: string): Promise<void> {
  await tx.insert(roleAssignments).values({ projectId, userId, roleId: builtInRole('owner').id });
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

/** Whether a user holds the Owner role in any project of an organisation (who may change the organisation). */
export async function ownsProjectIn(db: Executor, organisationId: string, userId: string): Promise<boolean> {
  const [owned] = await db
    .select({ projectId: roleAssignments.projectId })
    .from(roleAssignments)
    .innerJoin(projectOrganisations, eq(projectOrganisations.projectId, roleAssignments.projectId))
    .where(
      and(
        eq(projectOrganisations.organisationId, organisationId),
        eq(roleAssignments.userId, userId),
        eq(roleAssignments.roleId, builtInRole('owner').id),
      ),
    )
    .limit(1);
  return owned !== undefined;
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

interface HeldRole {
  id: string;
  key: string;
  name: string;
  permissions: string[];
}

/** Which of the asked permissions each held role grants. */
function explain(held: readonly HeldRole[], asked: Permission[]): PermissionDecision['roles'] {
  return held.map((r) => ({
    id: r.id,
    key: r.key,
    name: r.name,
    grants: asked.filter((p) => r.permissions.includes(p)),
  }));
}

/** A bound on the roles memo, as on the decision cache. */
const MAX_MEMO = 100_000;

/** SPEC.md section 6: decisions are cached 10 seconds. */
export const PERMISSION_CACHE_MS = 10_000;

/**
 * Decides permissions per project and user from their roles. Results are cached 10 s per project,
 * user and permission (SPEC.md section 6), and a project's entries are dropped when its roles or
 * assignments change. The cache is in-process, or Redis shared by every server process (REDIS_URL).
 */
export class PermissionResolver {
  /**
   * The roles behind this process's recent decisions, so a cached answer can still name them
   * (`/enforce`'s resolutions). Valid only under the stamp they were read with, like the decisions.
   */
  private readonly heldMemo = new Map<string, { stamp: string; expires: number; held: HeldRole[] }>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = () => performance.now(),
    private readonly ttlMs: number = PERMISSION_CACHE_MS,
    private readonly cache: DecisionCache = new MemoryDecisionCache(now),
  ) {}

  /** Call after a project's roles or assignments change (after the transaction commits). */
  invalidateProject(projectId: string): void {
    this.cache.invalidateProject(projectId);
  }

  /** Call after a change every project sees, such as a built-in role's permissions. */
  invalidateAll(): void {
    this.cache.invalidateAll();
  }

  async has(projectId: string, userId: string, permission: Permission): Promise<boolean> {
    const { granted } = await this.decide(projectId, userId, [permission]);
    return granted.length === 1;
  }

  /** Each permission granted or denied, from the cache where fresh, else from the roles. */
  /**
   * `explain` asks for the roles behind the answer (`/enforce`'s resolutions) also when the decision
   * itself comes from the cache; the access hook doesn't need them and never reads roles for them.
   */
  async decide(
    projectId: string,
    userId: string,
    asked: Permission[],
    options: { explain?: boolean } = {},
  ): Promise<PermissionDecision> {
    // Read before the roles are: see CachedDecisions.stamp.
    const cached = this.ttlMs > 0 ? await this.cache.read(projectId, userId, asked) : undefined;
    const known = cached?.decisions ?? new Map<string, boolean>();
    if (cached && asked.length > 0 && asked.every((p) => known.has(p))) {
      const granted = asked.filter((p) => known.get(p));
      const held =
        this.memoised(projectId, userId, cached.stamp) ??
        (options.explain ? await this.readHeld(projectId, userId, cached.stamp) : []);
      return { granted, denied: asked.filter((p) => !known.get(p)), roles: explain(held, asked) };
    }
    const held = await this.readHeld(projectId, userId, cached?.stamp);
    const roles = explain(held, asked);
    const grantedNow = new Set(roles.flatMap((r) => r.grants));
    if (cached) {
      const fresh = new Map(asked.map((p) => [p, grantedNow.has(p)]));
      this.cache.write(projectId, userId, cached.stamp, fresh, this.ttlMs);
    }
    const granted = asked.filter((p) => grantedNow.has(p));
    return { granted, denied: asked.filter((p) => !grantedNow.has(p)), roles };
  }

  /** The roles this process read for the member under this stamp, while fresh. */
  private memoised(projectId: string, userId: string, stamp: string): HeldRole[] | undefined {
    const memo = this.heldMemo.get(`${projectId}:${userId}`);
    return memo && memo.stamp === stamp && memo.expires > this.now() ? memo.held : undefined;
  }

  /** The member's roles from the database, remembered under the cache's stamp when there is one. */
  private async readHeld(projectId: string, userId: string, stamp: string | undefined): Promise<HeldRole[]> {
    const held = await this.heldRoles(projectId, userId);
    if (stamp !== undefined) {
      if (this.heldMemo.size > MAX_MEMO) this.heldMemo.clear();
      this.heldMemo.set(`${projectId}:${userId}`, { stamp, expires: this.now() + this.ttlMs, held });
    }
    return held;
  }

  /** Every permission a member holds in the project, fresh from the database (for assigning roles). */
  async heldBy(projectId: string, userId: string): Promise<Set<string>> {
    const held = await this.heldRoles(projectId, userId);
    return new Set(held.flatMap((r) => r.permissions));
  }

  /** One read: the roles a member (only a member) holds in the project, with all their permissions. */
  private heldRoles(projectId: string, userId: string) {
    return this.db
      .select({ id: roles.id, key: roles.key, name: roles.name, permissions: roles.permissions })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.id, roleAssignments.roleId))
      .innerJoin(
        memberships,
        and(eq(memberships.projectId, roleAssignments.projectId), eq(memberships.userId, roleAssignments.userId)),
      )
      .where(and(eq(roleAssignments.projectId, projectId), eq(roleAssignments.userId, userId)));
  }
}
