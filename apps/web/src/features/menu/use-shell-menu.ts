import type { Permission } from '@wharf/contract/permissions';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../app/api-client';
import { useUser } from '../accounts/api/session';
import type { ShellProject } from '../header/use-shell-project';
import { projectsQueryOptions } from '../projects/api/projects';
import { accountMenuEntries, billingMenuEntries, coreMenuEntries } from './core-menu';
import { existingEntries } from './menu-links';
import { menuStore, useMenuEntries, type MenuEntry } from './menu-store';

/** SPEC.md section 2: the Tasks entry of the account area needs a project with this module. */
export const WORKFLOW_INTEGRATION = 'workflow';

/** The side menu of the account area, from what is known without loading anything more. */
export function useAccountMenu(): MenuEntry[] {
  const user = useUser();
  // Read from the cache only: the account pages don't load the project list for the menu.
  const projects = useQuery({ ...projectsQueryOptions(useApiClient()), enabled: false });
  const tasks = (projects.data ?? []).some((p) => p.integrations.some((i) => i.code === WORKFLOW_INTEGRATION));
  const admin = Boolean(user?.isAdmin);
  return useMemo(
    () => existingEntries(accountMenuEntries({ tasks, admin })).sort((a, b) => a.order - b.order),
    [tasks, admin],
  );
}

/**
 * The project menu: the core entries (Modules and Developer only with `integrations.read`, and none
 * whose page the role may not open), billing's once the active project has loaded and the user may
 * read its billing (gone as soon as the project changes, SPEC.md section 2), and the installed
 * modules' entries; those whose routes exist, by order.
 */
export function useProjectMenu({ project, access }: ShellProject): MenuEntry[] {
  const integrations = Boolean(project) && access.can('integrations.read');
  const entries = useMenuEntries(menuStore, {
    // Until the decision is known every entry shows, as it does for most roles: no menu shifting in.
    core: existingEntries(coreMenuEntries({ integrations, can: (p) => access.isPending || access.can(p) })),
    billing: project && access.can('billing.read') ? existingEntries(billingMenuEntries()) : null,
  });
  // Modules' entries may name the permission their page needs (`needs`); until the decision is known they show.
  const deniedKey = access.isPending ? '' : access.denied.join(' ');
  return useMemo(() => {
    const denied = new Set(deniedKey.split(' '));
    const allowed = <T extends { needs?: Permission }>(entry: T) => !entry.needs || !denied.has(entry.needs);
    return existingEntries(
      entries
        .filter(allowed)
        .map((entry) => (entry.children ? { ...entry, children: entry.children.filter(allowed) } : entry)),
    );
  }, [entries, deniedKey]);
}

/** The route names an entry and its sub-items open. */
function routesOf(entries: readonly MenuEntry[]): Set<string> {
  return new Set(entries.flatMap((entry) => [entry.route, ...(entry.children ?? []).map((child) => child.route)]));
}

/**
 * The project pages the role may not open: those of the core and billing menus that the project
 * menu (above) leaves out for it. The header search leaves them out too, so it never leads to a refusal either. Nothing
 * is hidden until the project and the role's decisions are known.
 */
export function useRoutesHiddenFromRole({ project, access }: ShellProject): ReadonlySet<string> {
  const known = Boolean(project) && !access.isPending;
  // By value: `access` is a new object on every render. The shell asks for every permission a menu
  // entry needs (SHELL_PERMISSIONS), so what is not denied is granted.
  const deniedKey = access.denied.join(' ');
  return useMemo(() => {
    if (!known) return new Set<string>();
    const denied = new Set(deniedKey.split(' '));
    const can = (permission: Permission) => !denied.has(permission);
    const shown = routesOf([
      ...coreMenuEntries({ integrations: can('integrations.read'), can }),
      ...(can('billing.read') ? billingMenuEntries() : []),
    ]);
    const every = routesOf([...coreMenuEntries({ integrations: true }), ...billingMenuEntries()]);
    return new Set([...every].filter((route) => !shown.has(route)));
  }, [known, deniedKey]);
}
