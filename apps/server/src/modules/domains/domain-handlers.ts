import { randomBytes } from 'node:crypto';
import type { operations, ProjectDomain, Website } from '@wharf/contract';
import ipaddr from 'ipaddr.js';
import { and, asc, count, eq, isNull, lte, or } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Executor } from '../../core/db/database.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { domainKey, normalizeDomain } from '../platform/domain-names.js';
import { canonicalDomainOf, platformDomainCovering } from '../platform/read-models.js';
import { projectPlatformId } from '../projects/read-models.js';
import { CHECK_NOW_INTERVAL_MS } from './schedule.js';
import { projectDomains } from './schema.js';
import {
  checkDomain,
  DOMAIN_CHECK_QUEUE,
  expectedValue,
  recordName,
  type DomainRow,
  type VerificationDeps,
} from './verification.js';

type DomainOperations = Pick<
  typeof operations,
  'listProjectDomains' | 'createProjectDomain' | 'deleteProjectDomain' | 'checkProjectDomain'
>;

/** A project keeps a handful of domains; the list is one page. */
export const DOMAINS_PER_PROJECT_MAX = 20;

const domainNotFound = () => notFound('This project has no such domain.', 'DOMAIN_NOT_FOUND');

export function toProjectDomain(row: DomainRow): ProjectDomain {
  return {
    domain: row.domain,
    status: row.status,
    // Verifying clears it; a verified domain has one only while its daily recheck fails.
    failure: row.failure,
    record: { type: 'TXT', name: recordName(row.domain), value: expectedValue(row.token) },
    lastCheckedAt: row.lastCheckedAt?.toISOString() ?? null,
    nextCheckAt: row.nextCheckAt?.toISOString() ?? null,
    verifiedAt: row.verifiedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The project's Website (SPEC.md section 3): its first verified custom domain, and the address the
 * platform gives every project — `<first 12 hex digits of its id>.<platform's canonical domain>`
 * (decision 036); none when the platform has no domain, or only an IP address to offer.
 */
export async function websiteOf(db: Executor, projectId: string, rows: readonly DomainRow[]): Promise<Website> {
  const platformId = await projectPlatformId(db, projectId);
  const canonical = platformId ? await canonicalDomainOf(db, platformId) : undefined;
  return {
    customDomainName: rows.find((row) => row.status === 'verified')?.domain ?? null,
    domainName:
      canonical && !ipaddr.isValid(canonical) ? `${projectId.replaceAll('-', '').slice(0, 12)}.${canonical}` : null,
  };
}

/** The project's custom domains (decision 036): add, list, remove, and check now. */
export function domainHandlers(deps: VerificationDeps): Handlers<DomainOperations> {
  const { db, clock, jobs } = deps;

  const find = async (projectId: string, domain: string) => {
    const [row] = await db
      .select()
      .from(projectDomains)
      .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.domain, domainKey(domain))));
    return row;
  };

  return {
    listProjectDomains: async ({ query }) => {
      const rows = await db
        .select()
        .from(projectDomains)
        .where(eq(projectDomains.projectId, query.project))
        .orderBy(asc(projectDomains.createdAt), asc(projectDomains.id));
      return { data: rows.map(toProjectDomain), website: await websiteOf(db, query.project, rows) };
    },

    createProjectDomain: async ({ query, body }, request) => {
      const projectId = query.project;
      const domain = normalizeDomain(body.domain);
      const platformDomain = await platformDomainCovering(db, domain);
      if (platformDomain) {
        throw badRequest(
          `${domain} belongs to the platform (${platformDomain}): the project already has its address there. Add a domain you own.`,
          'DOMAIN_OF_PLATFORM',
        );
      }
      const now = clock.now();
      try {
        const row = await db.transaction(async (tx) => {
          const existing = await tx
            .select({ projectId: projectDomains.projectId, status: projectDomains.status })
            .from(projectDomains)
            .where(eq(projectDomains.domain, domain));
          if (existing.some((d) => d.projectId === projectId)) throw duplicate(domain);
          if (existing.some((d) => d.status === 'verified')) {
            throw new AppError(409, 'DOMAIN_VERIFIED_ELSEWHERE', `Another project already uses ${domain}.`);
          }
          const [{ value: held } = { value: 0 }] = await tx
            .select({ value: count() })
            .from(projectDomains)
            .where(eq(projectDomains.projectId, projectId));
          if (held >= DOMAINS_PER_PROJECT_MAX) {
            throw new AppError(
              409,
              'TOO_MANY_DOMAINS',
              `A project has at most ${DOMAINS_PER_PROJECT_MAX} custom domains: remove one you no longer use.`,
            );
          }
          const [inserted] = await tx
            .insert(projectDomains)
            .values({
              projectId,
              domain,
              token: randomBytes(16).toString('hex'),
              status: 'pending',
              nextCheckAt: now,
              createdAt: now,
              createdBy: request.principal?.kind === 'user' ? request.principal.userId : null,
            })
            .returning();
          // The first check at once: a record made before the domain was added verifies within seconds.
          await jobs.enqueue(tx, DOMAIN_CHECK_QUEUE, { domainId: inserted!.id }, { runAt: now });
          await recordAudit(tx, request, { projectId, target: `domain:${domain}`, details: { domain } });
          return inserted!;
        });
        return toProjectDomain(row);
      } catch (error) {
        // The same domain added twice at once: the second meets the (project, domain) unique index.
        if (isUniqueViolation(error)) throw duplicate(domain);
        throw error;
      }
    },

    deleteProjectDomain: async ({ params, query }, request) => {
      const projectId = query.project;
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(projectDomains)
          .where(and(eq(projectDomains.projectId, projectId), eq(projectDomains.domain, domainKey(params.domain))))
          .returning({ domain: projectDomains.domain, status: projectDomains.status });
        if (!gone) throw domainNotFound();
        // Its waiting check job finds no row and does nothing.
        await recordAudit(tx, request, {
          projectId,
          target: `domain:${gone.domain}`,
          details: { domain: gone.domain, status: gone.status },
        });
      });
    },

    checkProjectDomain: async ({ params, query }) => {
      const projectId = query.project;
      const row = await find(projectId, params.domain);
      if (!row) throw domainNotFound();
      if (row.status === 'verified') return toProjectDomain(row);
      const now = clock.now();
      const cutoff = new Date(now.getTime() - CHECK_NOW_INTERVAL_MS);
      // Claims the check (one per 10 s per domain, however many clicks or tabs); a failed domain starts
      // its schedule over, this check being the first of it.
      const restart = row.status === 'failed' ? { status: 'pending' as const, checks: 0, nextCheckAt: now } : {};
      const claimed = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(projectDomains)
          .set({ lastCheckedAt: now, ...restart })
          .where(
            and(
              eq(projectDomains.id, row.id),
              eq(projectDomains.status, row.status),
              or(isNull(projectDomains.lastCheckedAt), lte(projectDomains.lastCheckedAt, cutoff)),
            ),
          )
          .returning();
        // A restarted domain is pending again: should this process stop before its check is written,
        // this job picks the schedule up (when the check is written first, it finds it not due).
        if (updated && row.status === 'failed') {
          await jobs.enqueue(tx, DOMAIN_CHECK_QUEUE, { domainId: row.id }, { runAt: new Date(now.getTime() + 60_000) });
        }
        return updated;
      });
      if (!claimed) {
        const last = row.lastCheckedAt?.getTime() ?? now.getTime();
        const wait = Math.max(1, Math.ceil((last + CHECK_NOW_INTERVAL_MS - now.getTime()) / 1000));
        throw new AppError(
          429,
          'DOMAIN_CHECKED_RECENTLY',
          `${row.domain} was checked a moment ago: try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        );
      }
      const after = await checkDomain(deps, claimed, { counted: row.status === 'failed' });
      if (!after) throw domainNotFound();
      return toProjectDomain(after);
    },
  };
}

const duplicate = (domain: string) =>
  new AppError(409, 'DOMAIN_EXISTS', `This project has ${domain} already: see its status in the list.`);
