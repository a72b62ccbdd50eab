import type {
  ConnectionTest,
  CreateIntegrationListingRequest,
  Integration,
  IntegrationCategory,
  IntegrationInstallation,
  IntegrationListing,
  IntegrationProduct,
  UpdateIntegrationListingRequest,
  UpdateIntegrationRequest,
} from '@wharf/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-client';
import { useModuleRegistry } from './modules/use-modules';
import { projectKeys, projectsQueryOptions } from '../projects/api/projects';

export type {
  ConnectionTest,
  Integration,
  IntegrationCategory,
  IntegrationInstallation,
  IntegrationListing,
  IntegrationProduct,
};

/** Listings per page of the store (the server allows up to 100). */
export const LISTINGS_PAGE_SIZE = 24;

export interface ListingFilter {
  category?: string;
  search?: string;
}

export const integrationKeys = {
  all: ['integrations'] as const,
  catalogue: () => [...integrationKeys.all, 'catalogue'] as const,
  categories: () => [...integrationKeys.all, 'categories'] as const,
  listings: (project: string) => [...integrationKeys.all, 'listings', project] as const,
  listingPage: (project: string, filter: ListingFilter) => [...integrationKeys.listings(project), filter] as const,
  products: (project: string, code: string) => [...integrationKeys.all, 'products', project, code] as const,
  installation: (project: string, code: string) => [...integrationKeys.all, 'installation', project, code] as const,
  adminListings: () => [...integrationKeys.all, 'admin-listings'] as const,
};

/** Every registered module (names, dependencies, prices, settings schemas); the same for everyone. */
export function useCatalogue() {
  const client = useApiClient();
  return useQuery({
    queryKey: integrationKeys.catalogue(),
    queryFn: ({ signal }) => client.listIntegrations({}, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useCategories() {
  const client = useApiClient();
  return useQuery({
    queryKey: integrationKeys.categories(),
    queryFn: ({ signal }) => client.listIntegrationCategories({}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The store's listings for the project, page by page (keyset: `pageToken`). */
export function useListings(project: string, filter: ListingFilter) {
  const client = useApiClient();
  return useInfiniteQuery({
    queryKey: integrationKeys.listingPage(project, filter),
    queryFn: ({ signal, pageParam }) =>
      client.listIntegrationListings(
        {
          project,
          pageSize: LISTINGS_PAGE_SIZE,
          ...(filter.category ? { category: filter.category } : {}),
          ...(filter.search ? { search: filter.search } : {}),
          ...(pageParam ? { pageToken: pageParam } : {}),
        },
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextPageToken ?? undefined,
    // A new category or search keeps the old cards, dimmed, until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(project: string, code: string, enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: integrationKeys.products(project, code),
    queryFn: ({ signal }) => client.listIntegrationProducts({ project, integration: code }, { signal }),
    enabled,
  });
}

export function useInstallation(project: string, code: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: integrationKeys.installation(project, code),
    queryFn: ({ signal }) => client.getProjectIntegration({ project, integration: code }, { signal }),
  });
}

/**
 * After an install or uninstall: the project list is read again (it names the project's modules,
 * and the menu, the dashboard and the project sync read it), then the registry is made to hold
 * exactly those modules, so routes and menu entries appear or go at once, without a reload. The
 * server installs dependencies too; the fresh list brings them. Nothing changes in the registry
 * when it holds another project's modules (a switch is under way).
 */
function useModulesChanged(project: string) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const registry = useModuleRegistry();
  return async (change: { installed?: IntegrationInstallation; uninstalled?: string }) => {
    await queryClient.invalidateQueries({ queryKey: projectKeys.list(), refetchType: 'none' });
    let codes: string[] | undefined;
    try {
      const projects = await queryClient.fetchQuery(projectsQueryOptions(client));
      codes = projects.find((p) => p.id === project)?.integrations.map((i) => i.code);
    } catch {
      // The list could not be read again: the registry still takes the change the server confirmed.
    }
    if (registry.activeProject === project) {
      const { installed, uninstalled } = change;
      if (uninstalled) await registry.uninstall(uninstalled);
      const wanted = new Set(codes ?? []);
      if (installed) wanted.add(installed.code);
      if (uninstalled) wanted.delete(uninstalled);
      for (const code of wanted) {
        if (registry.isInstalled(code)) continue;
        const record = installed?.code === code ? { config: installed.config, setupAt: installed.setupAt } : {};
        try {
          await registry.install(code, record);
        } catch (error) {
          console.error(error);
        }
      }
      // A module the server no longer lists for the project (a dependency removed with it).
      if (codes) for (const { code } of registry.installed()) if (!wanted.has(code)) await registry.uninstall(code);
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.listings(project) }),
      queryClient.invalidateQueries({ queryKey: ['integrations', 'installation', project] }),
    ]);
  };
}

export function useInstall(project: string) {
  const client = useApiClient();
  const changed = useModulesChanged(project);
  return useMutation({
    mutationFn: (code: string) =>
      client.installIntegration({ project, integration: code, installIntegrationRequest: {} }),
    onSuccess: (installed) => changed({ installed }),
  });
}

export function useUninstall(project: string) {
  const client = useApiClient();
  const changed = useModulesChanged(project);
  return useMutation({
    mutationFn: (code: string) => client.uninstallIntegration({ project, integration: code }),
    onSuccess: (_, code) => changed({ uninstalled: code }),
  });
}

/**
 * Configure (PATCH) or set up (POST …/setup) an installed module. The answer replaces the cached
 * installation, and the registry's record takes its config and set-up time.
 */
export function useSaveInstallation(project: string, code: string, step: 'update' | 'setup') {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const registry = useModuleRegistry();
  return useMutation({
    mutationFn: (request: UpdateIntegrationRequest) => {
      const args = { project, integration: code, updateIntegrationRequest: request };
      return step === 'setup' ? client.setupIntegration(args) : client.updateIntegration(args);
    },
    onSuccess: (installation) => {
      queryClient.setQueryData(integrationKeys.installation(project, code), installation);
      if (registry.activeProject === project && registry.isInstalled(code))
        registry.patch(code, { config: installation.config, setupAt: installation.setupAt });
    },
  });
}

export function useTestConnection(project: string, code: string) {
  const client = useApiClient();
  return useMutation({
    mutationFn: () => client.testIntegrationConnection({ project, integration: code }),
  });
}

/* ---- Platform administrators: the store's listings ---- */

export function useAdminListings(enabled: boolean) {
  const client = useApiClient();
  return useQuery({
    queryKey: integrationKeys.adminListings(),
    queryFn: ({ signal }) => client.listAdminIntegrationListings({}, { signal }),
    enabled,
  });
}

/** Any change to a listing: the admin list and every project's store read again. */
function useListingsChanged() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: integrationKeys.adminListings() }),
      queryClient.invalidateQueries({ queryKey: [...integrationKeys.all, 'listings'] }),
    ]);
}

export function useCreateListing() {
  const client = useApiClient();
  const changed = useListingsChanged();
  return useMutation({
    mutationFn: (request: CreateIntegrationListingRequest) =>
      client.createAdminIntegrationListing({ createIntegrationListingRequest: request }),
    onSuccess: changed,
  });
}

export function useUpdateListing() {
  const client = useApiClient();
  const changed = useListingsChanged();
  return useMutation({
    mutationFn: ({ listing, request }: { listing: string; request: UpdateIntegrationListingRequest }) =>
      client.updateAdminIntegrationListing({ listing, updateIntegrationListingRequest: request }),
    onSuccess: changed,
  });
}

export function useDeleteListing() {
  const client = useApiClient();
  const changed = useListingsChanged();
  return useMutation({
    mutationFn: (listing: string) => client.deleteAdminIntegrationListing({ listing }),
    onSuccess: changed,
  });
}
