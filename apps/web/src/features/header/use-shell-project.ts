import type { Permission } from '@wharf/contract';
import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-client';
import { useSearchParam } from '../../app/search';
import { useAccess, type Access } from '../access/api/enforce';
import { projectsQueryOptions, type Project } from '../projects/api/projects';

/** What the chrome asks `/enforce` about the active project, in one call: the menu's gates (features/menu). */
export const SHELL_PERMISSIONS: Permission[] = [
  'integrations.read',
  'billing.read',
  'members.read',
  'roles.read',
  'invites.read',
  'chat.read',
  'projects.update',
  // The storefront modules' entries (features/integrations/modules/definitions.ts).
  'orders.read',
  'customers.read',
  'storefront.manage',
  // The header's website link reads the project's domains (features/header/WebsiteLink.tsx).
  'domains.read',
];

export interface ShellProject {
  /** The `project` search parameter, if any. */
  projectId: string | undefined;
  /** The active project once the list has loaded (undefined while loading or when not the user's). */
  project: Project | undefined;
  access: Access;
}

/**
 * The active project as the chrome sees it. The project list is loaded only when a project is
 * active: the account pages don't fetch it for the chrome (the account menu loads it when opened).
 * Pages share the same cached list and access decisions.
 */
export function useShellProject(): ShellProject {
  const projectId = useSearchParam('project');
  const list = useQuery({ ...projectsQueryOptions(useApiClient()), enabled: Boolean(projectId) });
  const project = projectId ? list.data?.find((p) => p.id === projectId) : undefined;
  const access = useAccess(project?.id, SHELL_PERMISSIONS);
  return { projectId, project, access };
}
