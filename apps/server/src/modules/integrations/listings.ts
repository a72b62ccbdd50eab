import type {
  CreateIntegrationListingRequest,
  Integration,
  IntegrationListing,
  UpdateIntegrationListingRequest,
} from '@wharf/contract';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, notFound } from '../../core/errors.js';
import { decodePageToken, encodePageToken, invalidPageToken } from '../../core/pagination.js';
import { manifestIn, type ModuleRegistry } from './registry.js';
import type { ModuleManifest } from './manifest.js';
import { installedCodes } from './lifecycle.js';
import { integrationListings } from './schema.js';

type ListingRow = typeof integrationListings.$inferSelect;

const listingNotFound = () => notFound('Listing not found.', 'LISTING_NOT_FOUND');

export interface ListingDeps {
  db: Database;
  clock: Clock;
  registry: ModuleRegistry;
  /** The catalogue's description of a module (catalogue.ts `toIntegration`). */
  describe: (manifest: ModuleManifest) => Integration;
}

export interface ListingQuery {
  pageSize: number;
  pageToken?: string | undefined;
  category?: string | undefined;
  search?: string | undefined;
}

/** The store's order: sort order, then the name people see, then the id (a total order for paging). */
const sortKey = (l: IntegrationListing) => [l.sortOrder, l.integration.name.toLowerCase(), l.id] as const;

function after(a: readonly [number, string, string], b: readonly [number, string, string]): boolean {
  if (a[0] !== b[0]) return a[0] > b[0];
  if (a[1] !== b[1]) return a[1] > b[1];
  return a[2] > b[2];
}

/** The store-order place (sort order, name) a listings cursor holds, or a refused token. */
function listingPosition(at: string): [number, string] {
  let value: unknown;
  try {
    value = JSON.parse(at);
  } catch {
    throw invalidPageToken();
  }
  if (!Array.isArray(value) || value.length !== 2) throw invalidPageToken();
  const [sortOrder, name] = value as unknown[];
  if (!Number.isSafeInteger(sortOrder) || typeof name !== 'string') throw invalidPageToken();
  return [sortOrder as number, name];
}

/**
 * What each platform's store shows (SPEC.md section 3's listing), kept by the platform's
 * administrators. A platform without a single listing is a fresh one: its store is seeded with
 * every registered module, visible, on first read — a new platform's store is not empty, and
 * admins hide or delete what they do not want. (Deleting every listing therefore fills the store
 * again; to show nothing, hide them.)
 */
export class ListingService {
  constructor(private readonly deps: ListingDeps) {}

  async listForAdmin(platformId: string): Promise<IntegrationListing[]> {
    const rows = await this.rows(platformId);
    return this.sorted(rows.map((row) => this.toListing(row)).filter((l) => l !== undefined));
  }

  async getForAdmin(platformId: string, id: string): Promise<IntegrationListing> {
    const row = await this.find(this.deps.db, platformId, id);
    return this.describeOrFail(row);
  }

  async create(platformId: string, body: CreateIntegrationListingRequest, tx: Executor): Promise<IntegrationListing> {
    const manifest = manifestIn(this.deps.registry, body.code);
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(integrationListings)
      .values({
        platformId,
        code: body.code,
        visible: body.visible,
        sortOrder: body.sortOrder,
        name: body.name ?? null,
        description: body.description ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, 'LISTING_EXISTS', `${manifest.name} is already listed in this store.`);
    return this.describeOrFail(row);
  }

  async update(
    platformId: string,
    id: string,
    body: UpdateIntegrationListingRequest,
    tx: Executor,
  ): Promise<IntegrationListing> {
    const [row] = await tx
      .update(integrationListings)
      .set({ ...body, updatedAt: this.deps.clock.now() })
      .where(and(eq(integrationListings.id, id), eq(integrationListings.platformId, platformId)))
      .returning();
    if (!row) throw listingNotFound();
    return this.describeOrFail(row);
  }

  async remove(platformId: string, id: string, tx: Executor): Promise<{ code: string }> {
    const [row] = await tx
      .delete(integrationListings)
      .where(and(eq(integrationListings.id, id), eq(integrationListings.platformId, platformId)))
      .returning({ code: integrationListings.code });
    if (!row) throw listingNotFound();
    return row;
  }

  /**
   * A project's store: the platform's visible listings, filtered, in the store's order, a page at a
   * time, each with whether the project has it installed. A platform lists at most one listing per
   * registered module (some dozens), so the page is cut in memory after the name overrides apply.
   */
  async listForProject(platformId: string, projectId: string, query: ListingQuery) {
    const installed = await this.installed(projectId);
    const search = query.search?.toLowerCase();
    const matching = this.sorted(
      (await this.rows(platformId))
        .filter((row) => row.visible)
        .map((row) => this.toListing(row, installed))
        .filter((l): l is IntegrationListing => l !== undefined)
        .filter((l) => !query.category || l.integration.category === query.category)
        .filter(
          (l) =>
            !search ||
            [l.code, l.integration.name, l.integration.description].some((text) => text.toLowerCase().includes(search)),
        ),
    );
    let start = 0;
    if (query.pageToken) {
      const cursor = decodePageToken(query.pageToken);
      const position = [...listingPosition(cursor.at), cursor.id] as const;
      start = matching.findIndex((l) => after(sortKey(l), position));
      if (start < 0) start = matching.length;
    }
    const items = matching.slice(start, start + query.pageSize);
    const last = items.at(-1);
    const nextPageToken =
      start + query.pageSize < matching.length && last
        ? encodePageToken({ at: JSON.stringify(sortKey(last).slice(0, 2)), id: last.id })
        : null;
    return { items, nextPageToken };
  }

  /** One visible listing of the project's platform (a hidden one is not in that store). */
  async getForProject(platformId: string, projectId: string, id: string): Promise<IntegrationListing> {
    const row = await this.find(this.deps.db, platformId, id);
    const listing = row.visible ? this.toListing(row, await this.installed(projectId)) : undefined;
    if (!listing) throw listingNotFound();
    return listing;
  }

  /**
   * Every listing of the platform (some dozens at most). A platform with none is a fresh one: its
   * store is seeded here, on first read. Concurrent first reads insert the same rows; the unique
   * (platform, code) index keeps one of each.
   */
  private async rows(platformId: string): Promise<ListingRow[]> {
    const select = () =>
      this.deps.db.select().from(integrationListings).where(eq(integrationListings.platformId, platformId));
    const rows = await select();
    if (rows.length > 0 || this.deps.registry.size === 0) return rows;
    const now = this.deps.clock.now();
    await this.deps.db
      .insert(integrationListings)
      .values([...this.deps.registry.keys()].map((code) => ({ platformId, code, createdAt: now, updatedAt: now })))
      .onConflictDoNothing();
    return select();
  }

  /** One listing by id: an unseeded platform has no ids yet, so nothing needs seeding first. */
  private async find(db: Executor, platformId: string, id: string): Promise<ListingRow> {
    const [row] = await db
      .select()
      .from(integrationListings)
      .where(and(eq(integrationListings.id, id), eq(integrationListings.platformId, platformId)));
    if (!row) throw listingNotFound();
    return row;
  }

  private async installed(projectId: string): Promise<Set<string>> {
    return new Set((await installedCodes(this.deps.db, [projectId])).get(projectId));
  }

  private sorted(listings: IntegrationListing[]): IntegrationListing[] {
    return listings.sort((a, b) => (after(sortKey(a), sortKey(b)) ? 1 : -1));
  }

  /** A listing of a module no longer registered (its code removed) is left out: there is nothing to show. */
  private toListing(row: ListingRow, installed?: Set<string>): IntegrationListing | undefined {
    const manifest = this.deps.registry.get(row.code);
    if (!manifest) return undefined;
    const integration = this.deps.describe(manifest);
    return {
      id: row.id,
      code: manifest.code,
      visible: row.visible,
      sortOrder: row.sortOrder,
      integration: {
        ...integration,
        name: row.name ?? integration.name,
        description: row.description ?? integration.description,
      },
      ...(installed ? { installed: installed.has(row.code) } : {}),
    };
  }

  private describeOrFail(row: ListingRow): IntegrationListing {
    const listing = this.toListing(row);
    if (!listing) throw listingNotFound();
    return listing;
  }
}
