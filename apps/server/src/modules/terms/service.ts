import type { Terms } from '@wharf/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
// Read-only look-ups of which platform a project is on; the terms module writes neither table.
import { lockPlatformRow, platformExists } from '../platform/read-models.js';
import { projectNotFound } from '../projects/errors.js';
import { projectPlatformId } from '../projects/read-models.js';
import { platformTerms } from './schema.js';

export type TermsRow = typeof platformTerms.$inferSelect;

export const platformNotFound = () => new AppError(404, 'PLATFORM_NOT_FOUND', 'Platform not found');
export const termsNotFound = () => new AppError(404, 'TERMS_NOT_FOUND', 'Terms not found');
export const termsVersionTaken = (version: string) =>
  new AppError(
    409,
    'TERMS_VERSION_TAKEN',
    `Version "${version}" of these terms already exists. Give the new terms a version of their own.`,
  );
export const termsOutdated = () =>
  new AppError(
    409,
    'TERMS_OUTDATED',
    'These terms have been replaced by a newer version. Read and sign the latest terms instead.',
  );

export function toTerms(row: TermsRow): Terms {
  return {
    id: row.id,
    platformId: row.platformId,
    version: row.version,
    title: row.title,
    content: row.content,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Newest first. A save always lands after the platform's latest (see `nextUpdatedAt`), so
 * `updatedAt` is also the order of creation; the id only makes the order total.
 */
const newestFirst = [desc(platformTerms.updatedAt), desc(platformTerms.id)];

export function listTerms(db: Executor, platformId: string): Promise<TermsRow[]> {
  return db
    .select()
    .from(platformTerms)
    .where(eq(platformTerms.platformId, platformId))
    .orderBy(...newestFirst);
}

/** The platform's active terms: its latest version. */
export async function latestTerms(db: Executor, platformId: string): Promise<TermsRow | undefined> {
  const [row] = await db
    .select()
    .from(platformTerms)
    .where(eq(platformTerms.platformId, platformId))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function findTerms(db: Executor, platformId: string, id: string): Promise<TermsRow | undefined> {
  const [row] = await db
    .select()
    .from(platformTerms)
    .where(and(eq(platformTerms.id, id), eq(platformTerms.platformId, platformId)));
  return row;
}

export async function versionExists(db: Executor, platformId: string, version: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformTerms.id })
    .from(platformTerms)
    .where(and(eq(platformTerms.platformId, platformId), eq(platformTerms.version, version)));
  return row !== undefined;
}

export async function assertPlatformExists(db: Executor, platformId: string): Promise<void> {
  if (!(await platformExists(db, platformId))) throw platformNotFound();
}

/**
 * Inside a save's transaction: 404 for an unknown platform, and holds its row so that saves of one
 * platform take turns (the version check and the ordering of `updatedAt` both rely on it). `no key
 * update` still lets projects that reference the platform be written meanwhile.
 */
export async function lockPlatform(tx: Executor, platformId: string): Promise<void> {
  if (!(await lockPlatformRow(tx, platformId))) throw platformNotFound();
}

/** A project named with a platform's terms must be on that platform: any other is not found there. */
export async function assertProjectOnPlatform(db: Executor, projectId: string, platformId: string): Promise<void> {
  if ((await projectPlatformId(db, projectId)) !== platformId) throw projectNotFound();
}

/**
 * The clock's now, unless that is not after the latest version's time (a second save within the
 * same millisecond, or an instance whose clock runs behind another's): then just after it, so the
 * version saved last is always the active one.
 */
export function nextUpdatedAt(now: Date, latest: TermsRow | undefined): Date {
  if (!latest || now > latest.updatedAt) return now;
  return new Date(latest.updatedAt.getTime() + 1);
}

export async function insertTerms(
  tx: Executor,
  values: { platformId: string; version: string; title: string; content: string; authorId: string; now: Date },
): Promise<TermsRow> {
  const { now, ...fields } = values;
  const updatedAt = nextUpdatedAt(now, await latestTerms(tx, values.platformId));
  const [row] = await tx
    .insert(platformTerms)
    .values({ ...fields, updatedAt })
    .returning();
  return row!;
}
