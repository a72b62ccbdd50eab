import type { WharfClient } from '@wharf/client';
import type { Platform } from '@wharf/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { useApiClient } from './api-client';

/** Query keys of the platform: one entry per `project` (a project's platform wins over the host's). */
export const platformKeys = {
  all: ['platform'] as const,
  detail: (project: string | undefined) => [...platformKeys.all, { project: project ?? null }] as const,
};

export function platformQueryOptions(client: WharfClient, project: string | undefined) {
  return queryOptions({
    queryKey: platformKeys.detail(project),
    queryFn: ({ signal }) => client.getPlatform(project ? { project } : {}, { signal }),
    // Names and logos change rarely; a tab left open picks changes up on the next focus.
    staleTime: 5 * 60_000,
  });
}

/** Loads the platform serving this console; `project` is the `project` search parameter, if any. */
export function usePlatformQuery(project: string | undefined) {
  return useQuery(platformQueryOptions(useApiClient(), project));
}

/** The loaded platform, for everything rendered under the root (which renders nothing until it has one). */
export const PlatformContext = createContext<Platform | null>(null);

export function usePlatform(): Platform {
  const platform = useContext(PlatformContext);
  if (!platform) throw new Error('usePlatform() is only available once the platform has loaded.');
  return platform;
}
