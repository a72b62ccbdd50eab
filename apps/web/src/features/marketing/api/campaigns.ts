import type { CampaignAudience, CampaignSort, CampaignStatus } from '@wharf/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { useDebouncedValue } from '../../lists/use-debounced-value';
import { usePagedStorefrontList } from '../../storefront/api/paged-list-query';
import { marketingKeys } from './keys';

export type Campaign = ResultOf<'getCampaign'>;

/** Campaigns per page of the list. */
export const CAMPAIGNS_PAGE_SIZE = 25;

/** How often a sending campaign is asked for again, so its progress moves on screen. */
export const CAMPAIGN_POLL_MS = 3_000;
/** How often a scheduled campaign's page asks again: it turns `sending` on its own when its time comes. */
export const SCHEDULED_POLL_MS = 30_000;

/** How long the audience builder waits after the last change before it asks for a count. */
export const AUDIENCE_COUNT_DEBOUNCE_MS = 400;

export interface CampaignFilters {
  search: string;
  status: CampaignStatus | undefined;
  sortBy: CampaignSort;
  order: 'asc' | 'desc' | undefined;
}

/**
 * `GET /v1/mail/campaigns` (mail.read): the campaigns matching the filters, page by page. While new
 * filters load, the previous answer stays on screen.
 */
export function useCampaignsQuery(project: string, filters: CampaignFilters) {
  const client = useApiClient();
  const { search, status, sortBy, order } = filters;
  return usePagedStorefrontList(marketingKeys.campaignList(project, filters), (paging, signal) =>
    client.listCampaigns(
      {
        project,
        pageSize: CAMPAIGNS_PAGE_SIZE,
        ...paging,
        sortBy,
        ...(search ? { search } : {}),
        ...(status ? { status } : {}),
        ...(order ? { order } : {}),
      },
      { signal },
    ),
  );
}

/**
 * `GET /v1/mail/campaigns/{campaignId}` (mail.read). While it is sending it is asked for again every
 * few seconds, so the progress and figures move; while scheduled, every half minute, so the page sees
 * it start; once it stops, so does the asking.
 */
export function useCampaignQuery(project: string, campaignId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: marketingKeys.campaign(project, campaignId),
    queryFn: ({ signal }) => client.getCampaign({ project, campaignId }, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'sending' ? CAMPAIGN_POLL_MS : status === 'scheduled' ? SCHEDULED_POLL_MS : false;
    },
  });
}

/**
 * `POST /v1/mail/campaigns/audience-count` (mail.read): how many `audience` would mail now, asked
 * once the builder's changes pause. The last count stays shown (as `isFetching`) while the next loads;
 * `current` says the count answers the audience as it stands (what a send confirmation may quote).
 * Not asked (`enabled` false) once the campaign is on its way: its figures say who it went to.
 */
export function useAudienceCount(project: string, audience: CampaignAudience, enabled = true) {
  const client = useApiClient();
  const settled = useDebouncedValue(audience, AUDIENCE_COUNT_DEBOUNCE_MS);
  const count = useQuery({
    queryKey: marketingKeys.campaignAudienceCount(project, settled),
    queryFn: ({ signal }) =>
      client.countCampaignAudience({ project, countCampaignAudienceRequest: { audience: settled } }, { signal }),
    select: (answer) => answer.count,
    placeholderData: keepPreviousData,
    enabled,
  });
  // By value: a refetched campaign brings an equal audience in a new object.
  const current =
    JSON.stringify(settled) === JSON.stringify(audience) && !count.isPlaceholderData && count.data !== undefined;
  return { count, current };
}
