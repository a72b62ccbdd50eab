import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { driveFiles } from './schema.js';

/**
 * The drive's read model for a brand image (a platform's favicon or logo): a ready file of the
 * project, with what decides whether signed-out visitors can load it (`public`, an image type) and
 * the version its public address names. Undefined for no such file in the project.
 */
export async function brandImageFacts(
  db: Executor,
  projectId: string,
  fileId: string,
): Promise<{ type: string; public: boolean; version: number } | undefined> {
  const [row] = await db
    .select({ type: driveFiles.type, public: driveFiles.public, version: driveFiles.version })
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), eq(driveFiles.id, fileId), eq(driveFiles.status, 'ready')));
  return row;
}

/** The address getPublicFile serves a public file at, to anyone; naming the version lets it be cached for a year. */
export function publicFilePath(projectId: string, fileId: string, version: number): string {
  return `/v1/drive/public/${projectId}/files/${fileId}?v=${version}`;
}
