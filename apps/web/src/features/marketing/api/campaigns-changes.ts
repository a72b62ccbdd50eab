import type { CreateCampaignRequest, UpdateCampaignRequest } from '@wharf/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { Campaign } from './campaigns';
import { marketingKeys } from './keys';

/** After a change the answer replaces the cached campaign, and the list (order, statuses) is loaded again. */
function useSettle(project: string) {
  const queryClient = useQueryClient();
  return (campaign: Campaign) => {
    queryClient.setQueryData(marketingKeys.campaign(project, campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: [...marketingKeys.campaigns(project), 'list'] });
  };
}

/** `POST /v1/mail/campaigns` (mail.manage): a new draft campaign. */
export function useCreateCampaign(project: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (body: Partial<CreateCampaignRequest> & Pick<CreateCampaignRequest, 'name'>) =>
      client.createCampaign({ project, createCampaignRequest: body as CreateCampaignRequest }),
    onSuccess: settle,
  });
}

/** `PATCH /v1/mail/campaigns/{campaignId}` (mail.manage): the fields that changed. */
export function useUpdateCampaign(project: string, campaignId: string) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: (changes: UpdateCampaignRequest) =>
      client.updateCampaign({ project, campaignId, updateCampaignRequest: changes }),
    onSuccess: settle,
  });
}

export type CampaignAction = 'send' | 'pause' | 'cancel';

/**
 * `POST /v1/mail/campaigns/{campaignId}/send|pause|cancel` (mail.send): send (or resume), pause or
 * cancel. The answer is the campaign in its new status.
 */
export function useCampaignAction(project: string, campaignId: string, action: CampaignAction) {
  const client = useApiClient();
  const settle = useSettle(project);
  return useMutation({
    mutationFn: () => {
      const params = { project, campaignId };
      if (action === 'send') return client.sendCampaign(params);
      if (action === 'pause') return client.pauseCampaign(params);
      return client.cancelCampaign(params);
    },
    onSuccess: settle,
  });
}
