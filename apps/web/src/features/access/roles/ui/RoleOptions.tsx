import type { Role } from '../api/roles';
import { BUILT_IN_ROLE_KEYS, roleName, sortRoles } from '../role-labels';

/**
 * One role a form may offer. Every form that gives a role (Invite, Change role) offers the same
 * list, built here: the five built-in roles, then the project's custom roles, each disabled when the
 * caller could not give it.
 */
export interface RoleChoice {
  key: string;
  name: string;
  builtIn: boolean;
  /** The role as the server describes it; absent for a built-in role the caller may not give. */
  role: Role | undefined;
  /** The role gives permissions the caller does not hold, so they cannot give it. */
  beyond: boolean;
}

/**
 * The roles to offer, from the roles the caller may give (`GET …/roles/assignable`, which holds the
 * built-in and the project's custom roles the caller may give). Without that list (no members.read)
 * the built-in roles are offered, and the server refuses any beyond the caller.
 */
export function roleChoices(assignable: readonly Role[] | undefined): RoleChoice[] {
  const giveable = sortRoles(assignable ?? []);
  const builtIn = BUILT_IN_ROLE_KEYS.map((key): RoleChoice => {
    const role = giveable.find((r) => r.builtIn && r.key === key);
    return { key, name: role?.name ?? roleName(key), builtIn: true, role, beyond: assignable !== undefined && !role };
  });
  const custom = giveable
    .filter((r) => !r.builtIn)
    .map((role): RoleChoice => ({ key: role.key, name: role.name, builtIn: false, role, beyond: false }));
  return [...builtIn, ...custom];
}

export interface RoleOptionsProps {
  choices: readonly RoleChoice[];
  /** The option's value: the role's key (an invitation) or id (a member's role). */
  valueOf: (choice: RoleChoice) => string;
  /** Why a giveable role still cannot be chosen here (a permission the change needs), if so. */
  refusalOf?: (choice: RoleChoice) => string | undefined;
}

/** The `<option>`s of a role select: built-in roles, then the project's custom roles. */
export function RoleOptions({ choices, valueOf, refusalOf }: RoleOptionsProps) {
  const option = (choice: RoleChoice) => {
    const refusal = choice.beyond ? undefined : refusalOf?.(choice);
    const label = choice.beyond
      ? `${choice.name} (beyond your permissions)`
      : refusal
        ? `${choice.name} (needs ${refusal})`
        : choice.name;
    return (
      <option key={choice.key} value={valueOf(choice)} disabled={choice.beyond || refusal !== undefined}>
        {label}
      </option>
    );
  };
  const custom = choices.filter((c) => !c.builtIn);
  return (
    <>
      <optgroup label="Built-in roles">{choices.filter((c) => c.builtIn).map(option)}</optgroup>
      {custom.length > 0 && <optgroup label="Custom roles">{custom.map(option)}</optgroup>}
    </>
  );
}
