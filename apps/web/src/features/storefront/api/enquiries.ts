import type { EnquiryStatus, UpdateEnquiryRequest } from '@wharf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { searchAndDates, usePagedStorefrontList } from './paged-list-query';
import { usePlatformId } from './platform-id';

export type EnquirySummary = ResultOf<'listEnquiries'>['items'][number];
export type Enquiry = ResultOf<'getEnquiry'>;
export type EnquiryLog = ResultOf<'listEnquiryLogs'>['items'][number];

/** Enquiries per page of the inbox. */
export const ENQUIRIES_PAGE_SIZE = 25;

/** The enquiries' query keys, under the storefront's of the project. */
export const enquiryKeys = {
  all: (project: string) => [...storefrontKeys.all(project), 'enquiries'] as const,
  list: (project: string, filters: object) => [...enquiryKeys.all(project), 'list', filters] as const,
  detail: (project: string, enquiryId: string) => [...enquiryKeys.all(project), 'detail', enquiryId] as const,
  logs: (project: string, enquiryId: string) => [...enquiryKeys.all(project), 'logs', enquiryId] as const,
};

export interface EnquiryFilters {
  search: string;
  /** ISO instants, or undefined for an open end. */
  start: string | undefined;
  end: string | undefined;
  /** Open or closed ones; undefined for both. */
  status: EnquiryStatus | undefined;
  unread: boolean;
}

/** `GET …/customers/enquiries` (enquiries.read): the inbox, newest first, with the unread count. */
export function useEnquiriesQuery(project: string, filters: EnquiryFilters) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return usePagedStorefrontList(enquiryKeys.list(project, filters), (paging, signal) =>
    client.listEnquiries(
      {
        platformId,
        project,
        pageSize: ENQUIRIES_PAGE_SIZE,
        ...paging,
        ...searchAndDates(filters),
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.unread ? { unread: 'true' as const } : {}),
      },
      { signal },
    ),
  );
}

/** `GET …/customers/enquiries/{enquiryId}`: the whole message; reading it changes nothing. */
export function useEnquiryQuery(project: string, enquiryId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: enquiryKeys.detail(project, enquiryId),
    queryFn: ({ signal }) => client.getEnquiry({ platformId, project, enquiryId }, { signal }),
  });
}

/** `GET …/customers/enquiries/{enquiryId}/logs`: received, read, replied, closed, reopened, oldest first. */
export function useEnquiryLogsQuery(project: string, enquiryId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: enquiryKeys.logs(project, enquiryId),
    queryFn: ({ signal }) => client.listEnquiryLogs({ platformId, project, enquiryId }, { signal }),
  });
}

/**
 * After a change the answer replaces the cached enquiry; its log and the inbox (read state, status,
 * the unread count) are loaded again.
 */
function useSettle(project: string, enquiryId: string) {
  const queryClient = useQueryClient();
  return (enquiry: Enquiry) => {
    queryClient.setQueryData(enquiryKeys.detail(project, enquiryId), enquiry);
    void queryClient.invalidateQueries({ queryKey: enquiryKeys.logs(project, enquiryId) });
    void queryClient.invalidateQueries({ queryKey: [...enquiryKeys.all(project), 'list'] });
  };
}

/** `PATCH …/customers/enquiries/{enquiryId}` (enquiries.manage): read or unread, closed or open. */
export function useUpdateEnquiry(project: string, enquiryId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const settle = useSettle(project, enquiryId);
  return useMutation({
    mutationFn: (changes: UpdateEnquiryRequest) =>
      client.updateEnquiry({ platformId, project, enquiryId, updateEnquiryRequest: changes }),
    onSuccess: settle,
  });
}

/** `POST …/customers/enquiries/{enquiryId}/reply` (enquiries.manage): mails the reply to the sender. */
export function useReplyToEnquiry(project: string, enquiryId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const settle = useSettle(project, enquiryId);
  return useMutation({
    mutationFn: (message: string) =>
      client.replyToEnquiry({ platformId, project, enquiryId, replyToEnquiryRequest: { message } }),
    onSuccess: settle,
  });
}
