import { AppError } from '../../core/errors.js';
import type { PermissionResolver } from './service.js';

/** A role's permissions must all be held by whoever hands it out: nobody can give more than they have. */
export async function assertAssignable(
  resolver: PermissionResolver,
  projectId: string,
  callerId: string,
  rolePermissions: readonly string[],
): Promise<void> {
  const held = await resolver.heldBy(projectId, callerId);
  const missing = rolePermissions.filter((p) => !held.has(p));
  if (missing.length > 0) {
    throw new AppError(
      403,
      'ROLE_NOT_ASSIGNABLE',
      `You cannot give a role with permissions you do not hold (${missing.join(', ')}).`,
    );
  }
}
