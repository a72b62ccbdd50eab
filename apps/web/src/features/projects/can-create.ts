import type { Platform, User } from '@wharf/contract';

/**
 * SPEC.md section 2 shows 'Create project' when the platform is public. A private platform's
 * projects are set up by its administrators, so they keep the action there too.
 */
export function canCreateProjects(platform: Pick<Platform, 'public'>, user: Pick<User, 'isAdmin'> | null): boolean {
  return platform.public || Boolean(user?.isAdmin);
}
