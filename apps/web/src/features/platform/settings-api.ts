import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-client';
import type { ArgsOf } from '../../app/api-types';
import { platformKeys } from '../../app/platform';
import { domainKeys, type PlatformSettings } from './domains-api';

export type { PlatformSettings };
export type UpdatePlatformBody = ArgsOf<'updatePlatform'>['updatePlatformRequest'];
export type PlatformLogoChoice = NonNullable<UpdatePlatformBody['logos']>[number];

/**
 * `GET /v1/platform`: the platform of `project` as stored, for platform administrators (decision
 * 036); with no project, the platform serving this address (an administrator need not have one).
 */
export function usePlatformSettings(project: string | undefined) {
  const client = useApiClient();
  return useQuery({
    queryKey: domainKeys.platform(project ?? ''),
    queryFn: ({ signal }) => client.getPlatformSettings(project ? { project } : {}, { signal }),
  });
}

/**
 * Change the platform (PATCH), add or remove one of its domains. Each answer becomes the cached
 * settings at once, and the console's own platform (its name, logos and favicon) is loaded again so
 * the header shows the change.
 */
export function usePlatformSettingsMutations(project: string | undefined) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const key = domainKeys.platform(project ?? '');
  const on = project ? { project } : {};
  const refreshBrand = () => void queryClient.invalidateQueries({ queryKey: platformKeys.all });
  const withDomains = ({ data }: { data: string[] }) =>
    queryClient.setQueryData<PlatformSettings>(key, (current) => current && { ...current, domains: data });
  return {
    update: useMutation({
      mutationFn: (body: UpdatePlatformBody) => client.updatePlatform({ ...on, updatePlatformRequest: body }),
      onSuccess: (platform) => {
        queryClient.setQueryData(key, platform);
        refreshBrand();
      },
    }),
    addDomain: useMutation({
      mutationFn: (domain: string) => client.addPlatformDomain({ ...on, addPlatformDomainRequest: { domain } }),
      onSuccess: withDomains,
    }),
    removeDomain: useMutation({
      mutationFn: (domain: string) => client.removePlatformDomain({ ...on, domain }),
      onSuccess: withDomains,
    }),
  };
}

const PUBLIC_FILE = /\/v1\/drive\/public\/([^/?#]+)\/files\/([^/?#]+)/;

/**
 * The drive file behind a favicon or logo address: the server keeps them as the file's public
 * address (`/v1/drive/public/{project}/files/{file}?v=…`), while a change names the file. Undefined
 * for an address that is not a drive file of `project` (it cannot be sent back as it is).
 */
export function driveFileOf(url: string, project: string): string | undefined {
  const match = PUBLIC_FILE.exec(url);
  if (!match) return undefined;
  const [, owner, file] = match.map((part) => decodeURIComponent(part));
  return owner === project ? file : undefined;
}
