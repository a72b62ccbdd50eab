import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../app/api-client';
import { useUser } from '../auth/api/session';
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
  return useMemo(() => existingEntries(entries), [entries]);
}
