import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';
import { projectKeys, type Project } from './projects';

export type UpdateProjectBody = ArgsOf<'updateProject'>['updateProjectRequest'];

/** `PATCH /v1/projects/{project}` (projects.update): the name and the logos; only what is sent changes. */
export function useUpdateProjectMutation(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateProjectRequest: UpdateProjectBody) => client.updateProject({ project, updateProjectRequest }),
    onSuccess: async (saved) => {
      // The side nav and the page read the project from the list: show the saved one at once.
      queryClient.setQueryData<Project[]>(projectKeys.list(), (list) =>
        list?.map((p) => (p.id === saved.id ? saved : p)),
      );
      await queryClient.invalidateQueries({ queryKey: projectKeys.list() });
    },
  });
}
