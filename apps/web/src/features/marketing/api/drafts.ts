import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { usePagedStorefrontList } from '../../storefront/api/paged-list-query';
import { marketingKeys } from './keys';

export type DraftSummary = ResultOf<'listDrafts'>['items'][number];
export type Draft = ResultOf<'getDraft'>;

/** Drafts per page of the list. */
export const DRAFTS_PAGE_SIZE = 25;

/**
 * `GET /v1/mail/drafts` (mail.read): the drafts, last edited first, matching the search, page by
 * page. While a new search loads, the previous answer stays on screen.
 */
export function useDraftsQuery(project: string, search: string) {
  const client = useApiClient();
  return usePagedStorefrontList(marketingKeys.draftList(project, { search }), (paging, signal) =>
    client.listDrafts({ project, pageSize: DRAFTS_PAGE_SIZE, ...paging, ...(search ? { search } : {}) }, { signal }),
  );
}

/** `GET /v1/mail/drafts/{draftId}` (mail.read): one draft with both bodies. */
export function useDraftQuery(project: string, draftId: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: marketingKeys.draft(project, draftId),
    queryFn: ({ signal }) => client.getDraft({ project, draftId }, { signal }),
  });
}
