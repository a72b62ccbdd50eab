import type { Platform } from '@wharf/contract';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, notFound } from '../../core/errors.js';
import { deepFreeze } from '../../core/http/serializer.js';
import { Slot } from '../../core/hooks.js';
import { platforms } from './schema.js';

type PlatformRow = typeof platforms.$inferSelect;

/** Frozen: platforms are shared between requests, and a frozen answer is serialised only once. */
export function toPlatform(row: PlatformRow): Platform {
  return deepFreeze({
    id: row.id,
    name: row.name,
    domains: row.domains,
    public: row.public,
    favicon: row.favicon,
    logos: row.logos,
  });
}

interface Directory {
  byId: Map<string, Platform>;
  byDomain: Map<string, Platform>;
  fallback: Platform | undefined;
  loadedAt: number;
}

export interface PlatformServiceOptions {
  /** How long a loaded directory is trusted before it is read again (other instances may have changed it). */
  ttlMs?: number;
  now?: () => number;
}

const MAX_CACHED_PROJECTS = 10_000;

/**
 * Resolves which platform serves a request. Platforms are few, so the whole directory is held in
 * memory and refreshed on a short TTL: a look-up costs no query, and hostile Host headers cannot
 * grow the cache.
 */
export class PlatformService {
  private directory: Directory | undefined;
  private loading: Promise<Directory> | undefined;
  private readonly platformOfProject = new Map<string, string>();
  /** Bumped by `invalidate`: a read that started before it is not kept. */
  private generation = 0;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /**
   * The platform a project lives on (undefined for no such project): projects provides it in its
   * setup (`platform.projectPlatform.provide((id) => projectPlatformId(db, id))`), so platform, below
   * projects, needs not read projects' table.
   */
  readonly projectPlatform = new Slot<(projectId: string) => Promise<string | undefined>>('platform.projectPlatform');
  /**
   * The address signed-out visitors load a project's drive image from (a favicon, a logo), or a 400
   * saying why the file cannot be one: the domains module provides it from drive's read model.
   */
  readonly publicImageUrl = new Slot<(projectId: string, fileId: string) => Promise<string>>('platform.publicImageUrl');
  /** Whether a project holds `domain`, or a subdomain of it, as a verified custom domain (the domains module's). */
  readonly customDomainTaken = new Slot<(tx: Executor, domain: string) => Promise<boolean>>(
    'platform.customDomainTaken',
  );

  constructor(
    private readonly db: Database,
    options: PlatformServiceOptions = {},
  ) {
    this.ttlMs = options.ttlMs ?? 30_000;
    this.now = options.now ?? (() => performance.now());
  }

  /** Forget cached platforms; call after any platform or project write. */
  invalidate(): void {
    this.generation++;
    this.directory = undefined;
    this.loading = undefined;
    this.platformOfProject.clear();
  }

  async resolve(request: { host: string; projectId?: string | undefined }): Promise<Platform> {
    const directory = await this.load();
    if (request.projectId) {
      const platformId = await this.platformIdOfProject(request.projectId);
      const platform = directory.byId.get(platformId);
      if (platform) return platform;
    }
    const platform = directory.byDomain.get(request.host.toLowerCase()) ?? directory.fallback;
    if (!platform) throw new AppError(503, 'PLATFORM_NOT_READY', 'The platform is still being set up.');
    return platform;
  }

  private async platformIdOfProject(projectId: string): Promise<string> {
    const cached = this.platformOfProject.get(projectId);
    if (cached) return cached;
    const platformId = await this.projectPlatform.call(projectId);
    if (!platformId) throw notFound('Project not found', 'PROJECT_NOT_FOUND');
    if (this.platformOfProject.size >= MAX_CACHED_PROJECTS) this.platformOfProject.clear();
    this.platformOfProject.set(projectId, platformId);
    return platformId;
  }

  private async load(): Promise<Directory> {
    const current = this.directory;
    if (current && this.now() - current.loadedAt < this.ttlMs) return current;
    // One read serves every request that arrives while it runs.
    if (!this.loading) {
      const loading = this.read().finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
      this.loading = loading;
    }
    return this.loading;
  }

  private async read(): Promise<Directory> {
    const generation = this.generation;
    const rows = await this.db.select().from(platforms).orderBy(platforms.createdAt);
    const byId = new Map<string, Platform>();
    const byDomain = new Map<string, Platform>();
    let fallback: Platform | undefined;
    for (const row of rows) {
      const platform = toPlatform(row);
      byId.set(platform.id, platform);
      for (const domain of platform.domains) if (!byDomain.has(domain)) byDomain.set(domain.toLowerCase(), platform);
      if (row.isDefault) fallback = platform;
    }
    const directory = { byId, byDomain, fallback: fallback ?? byId.values().next().value, loadedAt: this.now() };
    // A write invalidated the cache while this read ran: answer it, but keep nothing possibly older.
    if (generation === this.generation) this.directory = directory;
    return directory;
  }
}
