import type { RoleKey } from '@wharf/contract';

export type BuiltInRoleKey = (typeof RoleKey.options)[number];

/**
 * The built-in roles every project has, in the order the console lists them (most to least). Written
 * out rather than read from the contract's schema, so pages that name roles don't load zod.
 */
export const BUILT_IN_ROLE_KEYS = [
  'owner',
  'admin',
  'member',
  'finance',
  'viewer',
] as const satisfies readonly BuiltInRoleKey[];

const BUILT_IN_NAMES: Record<BuiltInRoleKey, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
  finance: 'Finance',
  viewer: 'Viewer',
};

export function isBuiltInRoleKey(key: string): key is BuiltInRoleKey {
  return (BUILT_IN_ROLE_KEYS as readonly string[]).includes(key);
}

/**
 * A role's name for its key. The project's roles say it when they are known; without them (a
 * member who may not read roles) the built-in names are known anyway, and a custom role's key
 * (`custom:ops-support`) still reads as its name.
 */
export function roleName(key: string, roles?: readonly { key: string; name: string }[]): string {
  const known = roles?.find((r) => r.key === key);
  if (known) return known.name;
  if (isBuiltInRoleKey(key)) return BUILT_IN_NAMES[key];
  const words = key.replace(/^custom:/, '').replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Built-in roles first in their fixed order, then custom roles by name. */
export function sortRoles<T extends { key: string; name: string; builtIn: boolean }>(roles: readonly T[]): T[] {
  const rank = (role: T) => (role.builtIn ? BUILT_IN_ROLE_KEYS.indexOf(role.key as BuiltInRoleKey) : 100);
  return [...roles].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
}
