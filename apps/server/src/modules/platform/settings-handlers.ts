import type { operations, PlatformLogo, UpdatePlatformRequest } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { domainKey, normalizeDomain } from './domain-names.js';
import { holdDomainClaims } from './read-models.js';
import { platforms } from './schema.js';
import { toPlatform, type PlatformService } from './service.js';

type SettingsOperations = Pick<
  typeof operations,
  'listPlatformDomains' | 'addPlatformDomain' | 'removePlatformDomain' | 'getPlatformSettings' | 'updatePlatform'
>;

type PlatformRow = typeof platforms.$inferSelect;

const PLATFORM_DOMAINS_MAX = 50;

const domainTaken = (domain: string, by: string) =>
  new AppError(409, 'DOMAIN_TAKEN', `${domain} is already used by ${by}: remove it there first.`);

/**
 * The platform's settings for platform administrators (issue 22, decision 036): its domains, name,
 * visibility and brand, on the platform of the project the call names (else of the request's host). Every write reads the row
 * under a lock, records the change in the audit log with it, then drops this process's cached
 * directory so `/omnis/v3/platform` answers the change at once here (others within their TTL).
 */
export function platformSettingsHandlers(deps: {
  db: Database;
  clock: Clock;
  service: PlatformService;
}): Handlers<SettingsOperations> {
  const { db, clock, service } = deps;

  /** The platform of the project named, else the one serving the request's host (as `/omnis/v3/platform`). */
  const platformIdOf = async (request: FastifyRequest, projectId: string | undefined) => {
    if (!projectId) return (await service.resolve({ host: request.hostname })).id;
    const platformId = await service.projectPlatform.call(projectId);
    if (!platformId) throw notFound('Project not found', 'PROJECT_NOT_FOUND');
    return platformId;
  };

  const read = async (tx: Executor, platformId: string, lock = false) => {
    const query = tx.select().from(platforms).where(eq(platforms.id, platformId));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw notFound('There is no such platform.', 'PLATFORM_NOT_FOUND');
    return row;
  };

  /** One locked change of the project's platform, audited; the cache goes once it has committed. */
  const change = async (
    request: FastifyRequest,
    projectId: string | undefined,
    apply: (tx: Executor, row: PlatformRow) => Promise<{ set: Partial<PlatformRow>; details: Record<string, unknown> }>,
  ) => {
    const platformId = await platformIdOf(request, projectId);
    const row = await db.transaction(async (tx) => {
      const current = await read(tx, platformId, true);
      const { set, details } = await apply(tx, current);
      const [updated] = await tx
        .update(platforms)
        .set({ ...set, updatedAt: clock.now() })
        .where(eq(platforms.id, platformId))
        .returning();
      await recordAudit(tx, request, {
        ...(projectId ? { projectId } : {}),
        target: `platform:${platformId}`,
        details,
      });
      return updated!;
    });
    service.invalidate();
    return row;
  };

  /**
   * A drive image of the project as the address visitors load it from (the domains module checks it).
   * Images are a project's files: without a project there is no drive to take them from.
   */
  const imageUrl = (projectId: string | undefined, fileId: string) => {
    if (!projectId) {
      throw badRequest(
        "Logos and the favicon are images from a project's drive: name the project whose drive holds them.",
        'PROJECT_REQUIRED',
      );
    }
    return service.publicImageUrl.call(projectId, fileId);
  };

  const logosOf = async (projectId: string | undefined, logos: NonNullable<UpdatePlatformRequest['logos']>) => {
    const chosen: PlatformLogo[] = [];
    for (const logo of logos) {
      chosen.push({ url: await imageUrl(projectId, logo.fileId), meta: { device: logo.device, theme: logo.theme } });
    }
    return chosen;
  };

  /** The domains in their new order: exactly the platform's, each once. */
  const reordered = (current: readonly string[], given: readonly string[]) => {
    const keys = given.map(domainKey);
    const same =
      keys.length === current.length && new Set(keys).size === keys.length && keys.every((k) => current.includes(k));
    if (!same) {
      throw badRequest(
        "Give the platform's domains in their new order: the same domains, each once. Add or remove a domain on its own.",
        'DOMAINS_NOT_REORDERED',
      );
    }
    return keys;
  };

  return {
    listPlatformDomains: async ({ query }, request) => ({
      data: (await read(db, await platformIdOf(request, query.project))).domains,
    }),

    addPlatformDomain: async ({ query, body }, request) => {
      const domain = normalizeDomain(body.domain, { local: true });
      const row = await change(request, query.project, async (tx, current) => {
        if (current.domains.includes(domain)) throw domainTaken(domain, 'this platform');
        if (current.domains.length >= PLATFORM_DOMAINS_MAX) {
          throw new AppError(409, 'TOO_MANY_DOMAINS', `A platform has at most ${PLATFORM_DOMAINS_MAX} domains.`);
        }
        await holdDomainClaims(tx);
        const elsewhere = (await tx.select({ name: platforms.name, domains: platforms.domains }).from(platforms)).find(
          (p) => p.domains.includes(domain),
        );
        if (elsewhere) throw domainTaken(domain, `the platform ${elsewhere.name}`);
        if (await service.customDomainTaken.call(tx, domain))
          throw domainTaken(domain, "a project's verified custom domain");
        return { set: { domains: [...current.domains, domain] }, details: { added: domain } };
      });
      return { data: row.domains };
    },

    removePlatformDomain: async ({ params, query }, request) => {
      const domain = domainKey(params.domain);
      const row = await change(request, query.project, async (_tx, current) => {
        if (!current.domains.includes(domain)) {
          throw notFound(`${domain} is not a domain of this platform.`, 'DOMAIN_NOT_FOUND');
        }
        if (current.domains.length === 1) {
          throw new AppError(
            409,
            'LAST_PLATFORM_DOMAIN',
            'A platform needs at least one domain to be reached: add the new one before removing this one.',
          );
        }
        return { set: { domains: current.domains.filter((d) => d !== domain) }, details: { removed: domain } };
      });
      return { data: row.domains };
    },

    getPlatformSettings: async ({ query }, request) =>
      toPlatform(await read(db, await platformIdOf(request, query.project))),

    updatePlatform: async ({ query, body }, request) => {
      const projectId = query.project;
      // Drive is asked before the transaction: its answers do not depend on the platform's row.
      const favicon =
        body.favicon === undefined ? undefined : body.favicon && (await imageUrl(projectId, body.favicon));
      const logos = body.logos && (await logosOf(projectId, body.logos));
      const row = await change(request, projectId, async (_tx, current) => {
        const set: Partial<PlatformRow> = {};
        if (body.name !== undefined) set.name = body.name;
        if (body.public !== undefined) set.public = body.public;
        if (favicon !== undefined) set.favicon = favicon;
        if (logos) set.logos = logos;
        if (body.domains) set.domains = reordered(current.domains, body.domains);
        return { set, details: { changed: Object.keys(set).sort(), ...(set.name ? { name: set.name } : {}) } };
      });
      return toPlatform(row);
    },
  };
}
