import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';
import { projectKeys, type Organisation } from './projects';

export type CreateOrganisationBody = ArgsOf<'createOrganisation'>['createOrganisationRequest'];

/** `POST /v1/organisations`: a new organisation the user belongs to. */
export function useCreateOrganisationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (createOrganisationRequest: CreateOrganisationBody) =>
      client.createOrganisation({ createOrganisationRequest }),
    onSuccess: async (created) => {
      queryClient.setQueryData<Organisation[]>(projectKeys.organisations(), (list) =>
        list ? [...list.filter((o) => o.id !== created.id), created] : list,
      );
      await queryClient.invalidateQueries({ queryKey: projectKeys.organisations() });
    },
  });
}
