import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';
import { projectKeys, type Project } from './projects';

export type CreateProjectBody = ArgsOf<'createProject'>['createProjectRequest'];

/**
 * `POST /v1/projects`: a project in one of the user's organisations (`organisationId`) or in a new
 * one (`organisationName`), optionally from a template; the user becomes its owner. 404
 * ORGANISATION_NOT_FOUND or TEMPLATE_NOT_FOUND when either is not (or no longer) there.
 */
export function useCreateProjectMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (createProjectRequest: CreateProjectBody) => client.createProject({ createProjectRequest }),
    onSuccess: async (created) => {
      // projects.switch comes next and checks the project is in the list: it must be there at once,
      // not after a refetch, or the switch would say "Project not found" for the new project.
      queryClient.setQueryData<Project[]>(projectKeys.list(), (list) =>
        list ? [...list.filter((p) => p.id !== created.id), created] : list,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
        // A new organisation may have come with it.
        queryClient.invalidateQueries({ queryKey: projectKeys.organisations() }),
      ]);
    },
  });
}
