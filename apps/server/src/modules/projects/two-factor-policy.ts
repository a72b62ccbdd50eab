import { and, eq, exists, inArray, isNull, or, sql } from 'drizzle-orm';
import { preparedQuery } from '../../core/db/prepared.js';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import { twoFactorStates } from '../accounts/read-models.js';
import { platformFacts } from '../platform/read-models.js';
import { organisationMembers, organisations, projectMembers, projects } from './schema.js';

/** SPEC.md section 8: the console sends a 403 on loading projects or organisations to account.settings.2fa. */
export const twoFactorRequired = () =>
  new AppError(
    403,
    'TWO_FACTOR_REQUIRED',
    'Two-factor authentication is required. Turn it on in your account settings.',
  );

/**
 * Refuses a user without two-factor authentication when the platform serving the request requires
 * it, or an organisation they take part in does (or that organisation's platform). Taking part means
 * belonging to the organisation or being a member of one of its projects: people invited to a
 * project never join its organisation, and the policy must cover them too.
 *
 * One statement: the project and organisation lists run this before every answer.
 */
export async function assertTwoFactorPolicy(db: Executor, userId: string, requestPlatformId: string): Promise<void> {
  const [refused] = await refusals(db, { userId, platformId: requestPlatformId });
  if (refused) throw twoFactorRequired();
}

/** The policy's one statement, built once per database handle (it gates every project list). */
const refusals = preparedQuery((db: Executor) => {
  const userId = sql.placeholder('userId');
  const platformRequires = db
    .select({ id: platformFacts.id })
    .from(platformFacts)
    .where(and(eq(platformFacts.id, sql.placeholder('platformId')), eq(platformFacts.requireTwoFactor, true)));
  const organisationRequires = db
    .select({ id: organisations.id })
    .from(organisations)
    .innerJoin(platformFacts, eq(platformFacts.id, organisations.platformId))
    .where(
      and(
        or(eq(organisations.requireTwoFactor, true), eq(platformFacts.requireTwoFactor, true)),
        or(
          inArray(
            organisations.id,
            db
              .select({ id: organisationMembers.organisationId })
              .from(organisationMembers)
              .where(eq(organisationMembers.userId, userId)),
          ),
          inArray(
            organisations.id,
            db
              .select({ id: projects.organisationId })
              .from(projectMembers)
              .innerJoin(projects, eq(projects.id, projectMembers.projectId))
              .where(eq(projectMembers.userId, userId)),
          ),
        ),
      ),
    );
  return db
    .select({ id: twoFactorStates.id })
    .from(twoFactorStates)
    .where(
      and(
        eq(twoFactorStates.id, userId),
        isNull(twoFactorStates.totpEnabledAt),
        or(exists(platformRequires), exists(organisationRequires)),
      ),
    )
    .prepare('two_factor_policy');
});
