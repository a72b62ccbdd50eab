import { ApiError, type WharfClient } from '@wharf/client';
import type { Permission } from '@wharf/contract';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../app/api-client';
import { useUser } from '../../accounts/api/session';
import type { ResultOf } from '../../../app/api-types';

/** SPEC.md section 6: decisions are cached 10 seconds, by the console as by the server. */
export const ENFORCE_STALE_MS = 10_000;

export const enforceKeys = {
  all: ['enforce'] as const,
  decision: (project: string, user: string, permissions: readonly string[]) =>
    [...enforceKeys.all, project, user, [...permissions].sort()] as const,
  /** Every permission decided at once: the page's boot data (app/boot.ts) carries it for its project. */
  everything: (project: string, user: string) => [...enforceKeys.all, project, user, 'everything'] as const,
};

export interface Decision {
  granted: string[];
  denied: string[];
}

/** A 403 of `/enforce` is an answer, not a failure: it carries the same lists (SPEC.md section 6). */
function deniedLists(error: unknown): Decision | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const body = error.body as Partial<ResultOf<'enforce'>> | undefined;
  if (!body?.permissions) return undefined;
  return { granted: body.permissions.granted, denied: body.permissions.denied };
}

/**
 * A decision already known for these permissions: from the boot data's decision on every permission
 * while it is fresh (10 s, as any decision) and not invalidated by a change of roles since.
 */
function knownDecision(queryClient: QueryClient, project: string, user: string, permissions: Permission[]) {
  const key = enforceKeys.everything(project, user);
  const state = queryClient.getQueryState<Decision>(key);
  if (!state?.data || state.isInvalidated || Date.now() - state.dataUpdatedAt > ENFORCE_STALE_MS) return undefined;
  const granted = new Set(state.data.granted);
  return {
    data: {
      granted: permissions.filter((p) => granted.has(p)),
      denied: permissions.filter((p) => !granted.has(p)),
    },
    updatedAt: state.dataUpdatedAt,
  };
}

export function enforceQueryOptions(
  client: WharfClient,
  project: string,
  user: string,
  permissions: Permission[],
  queryClient?: QueryClient,
) {
  const known = queryClient ? knownDecision(queryClient, project, user, permissions) : undefined;
  return queryOptions({
    queryKey: enforceKeys.decision(project, user, permissions),
    ...(known ? { initialData: known.data, initialDataUpdatedAt: known.updatedAt } : {}),
    queryFn: async ({ signal }): Promise<Decision> => {
      try {
        const answer = await client.enforce({ enforceRequest: { project, user, permissions } }, { signal });
        return answer.permissions;
      } catch (error) {
        const lists = deniedLists(error);
        if (lists) return lists;
        throw error;
      }
    },
    staleTime: ENFORCE_STALE_MS,
  });
}

export interface Access {
  /** True while the decision is unknown: callers keep controls disabled meanwhile. */
  isPending: boolean;
  can: (permission: Permission) => boolean;
  denied: string[];
}

/**
 * What the signed-in user may do in a project, asked of `POST /v1/enforcer/enforce` for exactly the
 * permissions a page needs. Pages hide or disable what is denied and say why (see `<Denied>`).
 */
export function useAccess(project: string | undefined, permissions: Permission[]): Access {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const user = useUser();
  const query = useQuery({
    ...enforceQueryOptions(client, project ?? '', user?.id ?? '', permissions, queryClient),
    enabled: Boolean(project && user),
  });
  const granted = new Set(query.data?.granted ?? []);
  return {
    isPending: query.isPending,
    can: (permission) => granted.has(permission),
    denied: query.data?.denied ?? (query.isError ? [...permissions] : []),
  };
}
