import { describe, expect, it } from 'vitest';
import { builtInRoleFixtures, customRoleFixture, fakeCatalogue } from '../../../test/fake-api';
import { areaName, groupPermissions, inCatalogueOrder } from './permission-groups';
import { roleName, sortRoles } from './role-labels';

describe('permission groups', () => {
  it('groups the catalogue by the prefix of its keys, in its order', () => {
    const groups = groupPermissions(fakeCatalogue);
    expect(groups.map((g) => g.label)).toEqual([
      'Project',
      'Members',
      'Invitations',
      'Roles',
      'API keys',
      'Audit log',
      'Billing',
      'Modules',
      'Chat',
      'Drive',
      'Blog',
      'Orders',
      'Customers',
      'Storefront',
      'Enquiries',
      'Reviews',
      'Domains',
      'Mail marketing',
      'Flows',
    ]);
    expect(groups.find((g) => g.area === 'billing')?.permissions.map((p) => p.key)).toEqual([
      'billing.read',
      'billing.manage',
    ]);
    expect(groups.flatMap((g) => g.permissions)).toHaveLength(fakeCatalogue.length);
  });

  it('names an area it does not know after its prefix', () => {
    expect(areaName('warehouse')).toBe('Warehouse');
  });

  it("puts permissions in the catalogue's order, each once", () => {
    expect(inCatalogueOrder(['drive.read', 'projects.read', 'drive.read', 'members.read'], fakeCatalogue)).toEqual([
      'projects.read',
      'members.read',
      'drive.read',
    ]);
    expect(inCatalogueOrder(['future.thing', 'chat.read'], fakeCatalogue)).toEqual(['chat.read', 'future.thing']);
  });
});

describe('role labels', () => {
  it('names a role from the project, else the built-in name, else from its key', () => {
    const ops = customRoleFixture(1, { name: 'Ops & Support', key: 'custom:ops-support' });
    expect(roleName('custom:ops-support', [ops])).toBe('Ops & Support');
    expect(roleName('finance')).toBe('Finance');
    expect(roleName('custom:ops-support')).toBe('Ops support');
  });

  it('sorts built-in roles from most to least, then custom roles by name', () => {
    const roles = [
      customRoleFixture(2, { name: 'Zeta' }),
      ...[...builtInRoleFixtures].reverse(),
      customRoleFixture(1, { name: 'Alpha' }),
    ];
    expect(sortRoles(roles).map((r) => r.name)).toEqual([
      'Owner',
      'Admin',
      'Member',
      'Finance',
      'Viewer',
      'Alpha',
      'Zeta',
    ]);
  });
});
