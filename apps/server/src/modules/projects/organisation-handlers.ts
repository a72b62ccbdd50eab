import type { operations, Organisation } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Database, Executor } from '../../core/db/database.js';
import { forbidden } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { findUserById } from '../accounts/service.js';
import type { PlatformService } from '../platform/service.js';
import { organisationNotFound } from './errors.js';
import type { ProjectsService } from './service.js';
import { organisationMembers, organisations } from './schema.js';
import { assertTwoFactorPolicy } from './two-factor-policy.js';

type OrganisationOperations = Pick<
  typeof operations,
  'listOrganisations' | 'createOrganisation' | 'getOrganisation' | 'updateOrganisation'
>;

type OrganisationRow = typeof organisations.$inferSelect;

const toOrganisation = (row: OrganisationRow): Organisation => ({
  id: row.id,
  name: row.name,
  requireTwoFactor: row.requireTwoFactor,
});

/** The organisation, if the user belongs to it. */
export async function memberOrganisation(db: Executor, organisationId: string, userId: string) {
  const [row] = await db
    .select({ organisation: organisations })
    .from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.organisationId, organisationId), eq(organisationMembers.userId, userId)));
  return row?.organisation;
}

/**
 * Organisations have no roles of their own: whoever owns one of its projects may change it, and so
 * may a platform admin. Members who may not learn it is there (403); others do not (404).
 */
async function assertMayChange(
  db: Executor,
  service: ProjectsService,
  organisationId: string,
  userId: string,
): Promise<void> {
  const [organisation] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .for('update');
  if (!organisation) throw organisationNotFound();
  // Admin rights are read fresh, as the access hook does for admin operations.
  if ((await findUserById(db, userId))?.isAdmin) return;
  if (await service.ownsProjectIn.call(db, organisationId, userId)) return;
  if (await memberOrganisation(db, organisationId, userId))
    throw forbidden("Only an owner of one of the organisation's projects can change it.");
  throw organisationNotFound();
}

export function organisationHandlers(deps: {
  db: Database;
  platform: PlatformService;
  projects: ProjectsService;
}): Handlers<OrganisationOperations> {
  const { db } = deps;

  return {
    listOrganisations: async (_input, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      await assertTwoFactorPolicy(db, userId, platform.id);
      const rows = await db
        .select({ organisation: organisations })
        .from(organisationMembers)
        .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
        .where(eq(organisationMembers.userId, userId))
        .orderBy(asc(organisations.name));
      return rows.map((r) => toOrganisation(r.organisation));
    },

    createOrganisation: async ({ body }, request) => {
      const userId = request.principal!.userId;
      const platform = await deps.platform.resolve({ host: request.hostname });
      const created = await db.transaction(async (tx) => {
        const [row] = await tx.insert(organisations).values({ platformId: platform.id, name: body.name }).returning();
        await tx.insert(organisationMembers).values({ organisationId: row!.id, userId });
        await recordAudit(tx, request, { target: `organisation:${row!.id}` });
        return row!;
      });
      return toOrganisation(created);
    },

    getOrganisation: async ({ params }, request) => {
      // Someone else's organisation is as absent as a missing one.
      const organisation = await memberOrganisation(db, params.organisationId, request.principal!.userId);
      if (!organisation) throw organisationNotFound();
      return toOrganisation(organisation);
    },

    updateOrganisation: async ({ params, body }, request) => {
      const updated = await db.transaction(async (tx) => {
        await assertMayChange(tx, deps.projects, params.organisationId, request.principal!.userId);
        const changes = {
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
        };
        const where = eq(organisations.id, params.organisationId);
        const [row] =
          Object.keys(changes).length > 0
            ? await tx.update(organisations).set(changes).where(where).returning()
            : await tx.select().from(organisations).where(where);
        await recordAudit(tx, request, {
          target: `organisation:${params.organisationId}`,
          // The policy's new value is worth reading in the log itself, not only that it changed.
          details: {
            fields: Object.keys(body),
            ...(body.requireTwoFactor !== undefined ? { requireTwoFactor: body.requireTwoFactor } : {}),
          },
        });
        return row!;
      });
      return toOrganisation(updated);
    },
  };
}
