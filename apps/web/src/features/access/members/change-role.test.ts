import { describe, expect, it } from 'vitest';
import { builtInRoleFixture, customRoleFixture } from '../../../test/fake-api';
import { permissionForPlan, planRoleChange } from './api/change-role';

const owner = builtInRoleFixture('owner');
const admin = builtInRoleFixture('admin');
const member = builtInRoleFixture('member');
const ops = customRoleFixture(1, { name: 'Ops support' });
const support = customRoleFixture(2, { name: 'Support' });

describe('planRoleChange', () => {
  it('changes built-in roles with one update (members.manage)', () => {
    const plan = planRoleChange([member], admin);
    expect(plan).toEqual([{ kind: 'update', roles: ['admin'] }]);
    expect(permissionForPlan(plan)).toBe('members.manage');
    expect(planRoleChange([member, admin], admin)).toEqual([{ kind: 'update', roles: ['admin'] }]);
    expect(planRoleChange([], member)).toEqual([{ kind: 'update', roles: ['member'] }]);
  });

  it('does nothing when the member holds exactly that role', () => {
    expect(planRoleChange([admin], admin)).toEqual([]);
  });

  it('gives a custom role by id before taking the others (roles.manage)', () => {
    const plan = planRoleChange([member], ops);
    expect(plan).toEqual([
      { kind: 'assign', role: ops },
      { kind: 'unassign', role: member },
    ]);
    expect(permissionForPlan(plan)).toBe('roles.manage');
  });

  it('takes a custom role away role by role, even for a built-in target', () => {
    expect(planRoleChange([ops, member], admin)).toEqual([
      { kind: 'assign', role: admin },
      { kind: 'unassign', role: ops },
      { kind: 'unassign', role: member },
    ]);
    expect(planRoleChange([ops, support], support)).toEqual([{ kind: 'unassign', role: ops }]);
  });

  it('takes the owner role first, so a refused last owner leaves everything as it was', () => {
    expect(planRoleChange([ops, owner], support)).toEqual([
      { kind: 'unassign', role: owner },
      { kind: 'assign', role: support },
      { kind: 'unassign', role: ops },
    ]);
  });
});
