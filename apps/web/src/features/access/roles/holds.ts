import { isPermission } from '@wharf/contract/permissions';
import type { Access } from '../api/enforce';

/** Whether the caller holds a permission; one the console doesn't know is the server's to decide. */
export function holds(access: Access, permission: string): boolean {
  return !isPermission(permission) || access.can(permission);
}
