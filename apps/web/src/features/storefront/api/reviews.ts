import type { ModerateReviewRequest, ReviewSort, ReviewStatus } from '@wharf/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { storefrontKeys } from './keys';
import { searchAndDates, usePagedStorefrontList } from './paged-list-query';
import { usePlatformId } from './platform-id';

export type Review = ResultOf<'listReviews'>['items'][number];
export type ReviewDetail = ResultOf<'getReview'>;
export type ReviewCounts = ResultOf<'listReviews'>['counts'];

/** Reviews per page of the moderation queue. */
export const REVIEWS_PAGE_SIZE = 20;

/** The reviews' query keys, under the storefront's of the project. */
export const reviewKeys = {
  all: (project: string) => [...storefrontKeys.all(project), 'reviews'] as const,
  list: (project: string, filters: object) => [...reviewKeys.all(project), 'list', filters] as const,
  detail: (project: string, reviewId: string) => [...reviewKeys.all(project), 'detail', reviewId] as const,
};

export interface ReviewFilters {
  search: string;
  /** ISO instants, or undefined for an open end. */
  start: string | undefined;
  end: string | undefined;
  status: ReviewStatus;
  /** 1 to 5 stars, or undefined for any rating. */
  rating: number | undefined;
  sortBy: ReviewSort;
}

/** `GET …/reviews` (reviews.read): one status's queue, keyset-paged, with every status's count. */
export function useReviewsQuery(project: string, filters: ReviewFilters) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return usePagedStorefrontList(reviewKeys.list(project, filters), (paging, signal) =>
    client.listReviews(
      {
        platformId,
        project,
        pageSize: REVIEWS_PAGE_SIZE,
        status: filters.status,
        sortBy: filters.sortBy,
        ...paging,
        ...searchAndDates(filters),
        ...(filters.rating ? { rating: filters.rating } : {}),
      },
      { signal },
    ),
  );
}

/** `GET …/reviews/{reviewId}`: the review with its decision log, asked for when its log is opened. */
export function useReviewQuery(project: string, reviewId: string, enabled = true) {
  const client = useApiClient();
  const platformId = usePlatformId();
  return useQuery({
    queryKey: reviewKeys.detail(project, reviewId),
    queryFn: ({ signal }) => client.getReview({ platformId, project, reviewId }, { signal }),
    enabled,
  });
}

/**
 * `PATCH …/reviews/{reviewId}/moderate` (reviews.moderate): approve, reject with a reason, or hide.
 * The answer (with its log) replaces the cached detail; the lists and their counts are read again,
 * since the review leaves the tab it was in.
 */
export function useModerateReview(project: string, reviewId: string) {
  const client = useApiClient();
  const platformId = usePlatformId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: ModerateReviewRequest) =>
      client.moderateReview({ platformId, project, reviewId, moderateReviewRequest: request }),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKeys.detail(project, reviewId), review);
      void queryClient.invalidateQueries({ queryKey: [...reviewKeys.all(project), 'list'] });
    },
  });
}
