import type { OutboundFetch } from '../../core/http/outbound.js';
import type { Integration, IntegrationCategory, operations } from '@wharf/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { NotificationService } from '../notifications/service.js';
import type { PlatformService } from '../platform/service.js';
import { findIntegration, listProducts, requireCategory, requireProduct, toIntegration } from './catalogue.js';
import type { CredentialCipher } from './credentials.js';
import { ModuleLifecycle, requestActor as actorOf } from './lifecycle.js';
import { ListingService } from './listings.js';
import type { ModuleManifest } from './manifest.js';
import { categories, moduleRegistry, type ModuleRegistry } from './registry.js';

export type IntegrationOperations = Pick<
  typeof operations,
  | 'listIntegrations'
  | 'listIntegrationCategories'
  | 'getIntegrationCategory'
  | 'listIntegrationListings'
  | 'getIntegrationListing'
  | 'listIntegrationProducts'
  | 'getIntegrationProduct'
  | 'listAdminIntegrationListings'
  | 'createAdminIntegrationListing'
  | 'getAdminIntegrationListing'
  | 'updateAdminIntegrationListing'
  | 'deleteAdminIntegrationListing'
  | 'listProjectIntegrations'
  | 'getProjectIntegration'
  | 'installIntegration'
  | 'uninstallIntegration'
  | 'updateIntegration'
  | 'setupIntegration'
  | 'testIntegrationConnection'
>;

/** How the catalogue describes modules (catalogue.ts), given as data so tests can run on fake registries. */
export interface Catalogue {
  describe(manifest: ModuleManifest): Integration;
  categories: readonly IntegrationCategory[];
}

/**
 * The registry and catalogue the app runs with: every registered module (registry.ts), described by
 * catalogue.ts. A registered manifest's description is converted once (findIntegration's cache);
 * another registry's (tests' fakes) is converted each time.
 */
export function defaultIntegrations(): { registry: ModuleRegistry; catalogue: Catalogue } {
  return {
    registry: moduleRegistry,
    catalogue: {
      describe: (m) => (moduleRegistry.get(m.code) === m ? findIntegration(m.code)! : toIntegration(m)),
      categories,
    },
  };
}

export interface IntegrationDeps {
  db: Database;
  clock: Clock;
  platform: PlatformService;
  notifications: Pick<NotificationService, 'notifyProject'>;
  cipher: CredentialCipher;
  registry: ModuleRegistry;
  catalogue: Catalogue;
  /** Test connection's fetch (the app's guarded outbound fetch, core/http/outbound.ts) and wait (5 s unless a test gives another). */
  fetch?: OutboundFetch;
  connectionTimeoutMs?: number;
  /** The app's one lifecycle, shared with project templates; made from these deps when not given. */
  lifecycle?: ModuleLifecycle;
}

/** SPEC.md section 7 "Projects and modules": the catalogue, the store's listings and each project's modules. */
export function integrationHandlers(deps: IntegrationDeps): Handlers<IntegrationOperations> {
  const { db, registry, catalogue } = deps;
  const lifecycle = deps.lifecycle ?? new ModuleLifecycle(deps);
  const listings = new ListingService({ db, clock: deps.clock, registry, describe: catalogue.describe });
  const adminPlatform = async (request: FastifyRequest) => (await deps.platform.resolve({ host: request.hostname })).id;
  const projectPlatform = async (request: FastifyRequest, projectId: string) =>
    (await deps.platform.resolve({ host: request.hostname, projectId })).id;
  return {
    listIntegrations: () => [...registry.values()].map((m) => catalogue.describe(m)),
    listIntegrationCategories: () => [...catalogue.categories],
    getIntegrationCategory: ({ params }) => requireCategory(params.category),

    listIntegrationListings: async ({ query }, request) =>
      listings.listForProject(await projectPlatform(request, query.project), query.project, query),
    getIntegrationListing: async ({ params, query }, request) =>
      listings.getForProject(await projectPlatform(request, query.project), query.project, params.listing),

    listIntegrationProducts: ({ params }) => listProducts(params.integration, registry),
    getIntegrationProduct: ({ params }) => requireProduct(params.product, registry),

    listAdminIntegrationListings: async (_input, request) => listings.listForAdmin(await adminPlatform(request)),
    getAdminIntegrationListing: async ({ params }, request) =>
      listings.getForAdmin(await adminPlatform(request), params.listing),
    createAdminIntegrationListing: async ({ body }, request) => {
      const platformId = await adminPlatform(request);
      return db.transaction(async (tx) => {
        const listing = await listings.create(platformId, body, tx);
        await recordAudit(tx, request, { target: `listing:${listing.id}`, details: { platformId, code: body.code } });
        return listing;
      });
    },
    updateAdminIntegrationListing: async ({ params, body }, request) => {
      const platformId = await adminPlatform(request);
      return db.transaction(async (tx) => {
        const listing = await listings.update(platformId, params.listing, body, tx);
        await recordAudit(tx, request, { target: `listing:${listing.id}`, details: { fields: Object.keys(body) } });
        return listing;
      });
    },
    deleteAdminIntegrationListing: async ({ params }, request) => {
      const platformId = await adminPlatform(request);
      await db.transaction(async (tx) => {
        const gone = await listings.remove(platformId, params.listing, tx);
        await recordAudit(tx, request, { target: `listing:${params.listing}`, details: { code: gone.code } });
      });
      return undefined;
    },

    listProjectIntegrations: ({ params, query }) => lifecycle.list(params.project, query.withUninstalled),
    getProjectIntegration: ({ params }) => lifecycle.get(params.project, params.integration),
    installIntegration: ({ params, body }, request) =>
      lifecycle.install(params.project, params.integration, body?.config, actorOf(request)),
    uninstallIntegration: async ({ params }, request) => {
      await lifecycle.uninstall(params.project, params.integration, actorOf(request));
      return undefined;
    },
    updateIntegration: ({ params, body }, request) =>
      lifecycle.configure(params.project, params.integration, body, actorOf(request)),
    setupIntegration: ({ params, body }, request) =>
      lifecycle.setup(params.project, params.integration, body, actorOf(request)),
    testIntegrationConnection: ({ params }) => lifecycle.testConnection(params.project, params.integration),
  };
}
