import { AppError } from '../../core/errors.js';
import type { Principal } from '../../core/http/access.js';
import type { PermissionResolver } from './service.js';

/** Who hands out permissions: a user (by id, or as a principal) or a project API key. */
export type Caller = string | Pick<Principal, 'kind' | 'userId' | 'permissions'>;

/** What the caller holds in the project: a key exactly what it was given, a user what their roles grant. */
export async function heldByCaller(resolver: PermissionResolver, projectId: string, caller: Caller) {
  if (typeof caller !== 'string' && caller.kind === 'authKey') return new Set(caller.permissions);
  return resolver.heldBy(projectId, typeof caller === 'string' ? caller : caller.userId);
}

/** The permissions of `wanted` the caller does not hold. */
export async function notHeldBy(
  resolver: PermissionResolver,
  projectId: string,
  caller: Caller,
  wanted: readonly string[],
): Promise<string[]> {
  const held = await heldByCaller(resolver, projectId, caller);
  return [...new Set(wanted)].filter((p) => !held.has(p));
}

/** A role's permissions must all be held by whoever hands it out: nobody can give more than they have. */
export async function assertAssignable(
  resolver: PermissionResolver,
  projectId: string,
  caller: Caller,
  rolePermissions: readonly string[],
): Promise<void> {
  const missing = await notHeldBy(resolver, projectId, caller, rolePermissions);
  if (missing.length > 0) {
    throw new AppError(
      403,
      'ROLE_NOT_ASSIGNABLE',
      `You cannot give a role with permissions you do not hold (${missing.join(', ')}).`,
    );
  }
}
