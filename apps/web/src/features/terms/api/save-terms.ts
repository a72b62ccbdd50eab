import type { SaveTermsRequest, Terms } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { termsKeys } from './keys';

/**
 * `POST /v1/platform/{platformId}/terms` (platform admins): a new version, which becomes the active
 * one. 409 when the version exists. The list and the active terms (the admin's own popup) reload.
 */
export function useSaveTermsMutation(platformId: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (saveTermsRequest: SaveTermsRequest): Promise<Terms> =>
      client.saveTerms({ platformId, saveTermsRequest }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: termsKeys.all }),
  });
}
