import { permissions, type Permission } from '@wharf/contract';

const all = (except: Permission[] = []) => permissions.filter((p) => !except.includes(p));
const reading = (except: Permission[] = []) => permissions.filter((p) => p.endsWith('.read') && !except.includes(p));

/**
 * The roles every project has. Their permissions live here, in code, and are written to the
 * database at every start, so a new permission reaches the built-in roles with the release that
 * adds it. Ids are fixed so that migrations and seeds can name them.
 */
export const builtInRoles = [
  {
    id: '0b0e0000-0000-4000-8000-000000000001',
    key: 'owner',
    name: 'Owner',
    description: 'Everything, including deleting the project.',
    permissions: all(),
  },
  {
    id: '0b0e0000-0000-4000-8000-000000000002',
    key: 'admin',
    name: 'Admin',
    description: 'Everything but deleting the project.',
    permissions: all(['projects.delete']),
  },
  {
    id: '0b0e0000-0000-4000-8000-000000000003',
    key: 'member',
    name: 'Member',
    description: 'Day-to-day work: chat, files and modules, no billing or administration.',
    permissions: [
      ...reading(['billing.read', 'audit.read', 'authkeys.read']),
      'chat.write',
      'drive.write',
    ] as Permission[],
  },
  {
    id: '0b0e0000-0000-4000-8000-000000000004',
    key: 'finance',
    name: 'Finance',
    description: 'Billing: plans, invoices, payments and wallets.',
    permissions: [
      'projects.read',
      'members.read',
      'billing.read',
      'billing.manage',
      'integrations.read',
      'blog.read',
    ] as Permission[],
  },
  {
    id: '0b0e0000-0000-4000-8000-000000000005',
    key: 'viewer',
    name: 'Viewer',
    description: 'Read-only, without billing or the audit log.',
    permissions: reading(['billing.read', 'audit.read', 'authkeys.read']),
  },
] as const;

export type BuiltInRoleKey = (typeof builtInRoles)[number]['key'];

export function builtInRole(key: string) {
  const role = builtInRoles.find((r) => r.key === key);
  if (!role) throw new Error(`No built-in role ${key}`);
  return role;
}
