import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ArgsOf } from '../../../app/api-types';
import { projectKeys, type Organisation } from './projects';

export type UpdateOrganisationBody = ArgsOf<'updateOrganisation'>['updateOrganisationRequest'];

/**
 * `PATCH /v1/organisations/{organisationId}`: its name or its two-factor policy. Only an owner of one
 * of its projects (or a platform admin) may: 403 for other members.
 */
export function useUpdateOrganisationMutation() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ organisationId, body }: { organisationId: string; body: UpdateOrganisationBody }) =>
      client.updateOrganisation({ organisationId, updateOrganisationRequest: body }),
    onSuccess: async (saved) => {
      queryClient.setQueryData<Organisation[]>(projectKeys.organisations(), (list) =>
        list?.map((o) => (o.id === saved.id ? saved : o)),
      );
      await queryClient.invalidateQueries({ queryKey: projectKeys.organisations() });
    },
  });
}
