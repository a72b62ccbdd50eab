import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WharfClient } from '@wharf/client';
import { useApiClient } from '../../../app/api-client';
import type { ResultOf } from '../../../app/api-types';
import { projectKeys } from './projects';

export type ProjectTemplate = ResultOf<'listProjectTemplates'>[number];

/** The template a new project starts from unless the user picks another: nothing added. */
export const BLANK_TEMPLATE = 'blank';

export const templateKeys = {
  all: [...projectKeys.all, 'templates'] as const,
};

export function projectTemplatesQueryOptions(client: WharfClient) {
  return queryOptions({
    queryKey: templateKeys.all,
    queryFn: ({ signal }): Promise<ProjectTemplate[]> => client.listProjectTemplates({}, { signal }),
    // The catalogue is code on the server: it changes with a release, not while the page is open.
    staleTime: 60 * 60_000,
  });
}

/** `GET /v1/projects/templates`: what a new project can start from (shop, factory, blank). */
export function useProjectTemplatesQuery() {
  return useQuery(projectTemplatesQueryOptions(useApiClient()));
}
