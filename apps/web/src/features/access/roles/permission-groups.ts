/** What a permission's prefix is about, as the console names the area. */
const AREA_NAMES: Record<string, string> = {
  projects: 'Project',
  members: 'Members',
  invites: 'Invitations',
  roles: 'Roles',
  authkeys: 'API keys',
  audit: 'Audit log',
  billing: 'Billing',
  integrations: 'Modules',
  chat: 'Chat',
  drive: 'Drive',
  orders: 'Orders',
  customers: 'Customers',
  storefront: 'Storefront',
  enquiries: 'Enquiries',
  reviews: 'Reviews',
  domains: 'Domains',
  mail: 'Mail marketing',
  flows: 'Flows',
};

export interface PermissionGroup<T extends { key: string }> {
  /** The prefix of the keys (`billing` for `billing.read`). */
  area: string;
  label: string;
  permissions: T[];
}

/** `billing` → Billing; an area the console doesn't know yet still reads as a word. */
export function areaName(area: string): string {
  return AREA_NAMES[area] ?? area.charAt(0).toUpperCase() + area.slice(1);
}

/** The catalogue grouped by the prefix of its keys, groups and permissions in the catalogue's order. */
export function groupPermissions<T extends { key: string }>(catalogue: readonly T[]): PermissionGroup<T>[] {
  const groups = new Map<string, PermissionGroup<T>>();
  for (const permission of catalogue) {
    const area = permission.key.split('.')[0] ?? permission.key;
    let group = groups.get(area);
    if (!group) {
      group = { area, label: areaName(area), permissions: [] };
      groups.set(area, group);
    }
    group.permissions.push(permission);
  }
  return [...groups.values()];
}

/** `permissions` in the catalogue's order, each once; keys not in the catalogue keep their place at the end. */
export function inCatalogueOrder(permissions: Iterable<string>, catalogue: readonly { key: string }[]): string[] {
  const wanted = new Set(permissions);
  const ordered = catalogue.map((p) => p.key).filter((key) => wanted.has(key));
  const known = new Set(ordered);
  return [...ordered, ...[...wanted].filter((key) => !known.has(key))];
}
