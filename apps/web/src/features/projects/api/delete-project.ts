import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { enforceKeys } from '../../access/api/enforce';
import { forgetActiveProject } from '../remembered-project';
import { projectKeys, type Project } from './projects';

/**
 * `DELETE /v1/projects/{project}` (projects.delete, owners only): the project with its members,
 * invitations, custom roles and role assignments, and API keys. The page leaves before calling
 * `forgetDeletedProject`, so it never shows the project as missing on its way out.
 */
export function useDeleteProjectMutation(project: string) {
  const client = useApiClient();
  return useMutation({ mutationFn: () => client.deleteProject({ project }) });
}

/** Drops what the console knew of a deleted project: the list entry, decisions, the remembered choice. */
export async function forgetDeletedProject(queryClient: QueryClient, project: string): Promise<void> {
  forgetActiveProject(project);
  queryClient.setQueryData<Project[]>(projectKeys.list(), (list) => list?.filter((p) => p.id !== project));
  queryClient.removeQueries({ queryKey: projectKeys.detail(project) });
  queryClient.removeQueries({ queryKey: [...enforceKeys.all, project] });
  await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
}
