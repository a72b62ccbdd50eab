import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { driveFiles } from './schema.js';

/** What another module shows of a drive file it refers to (a chat attachment, a review photo). */
export interface FileCard {
  id: string;
  name: string;
  type: string;
  size: number;
}

/**
 * The drive's read model for other modules: the cards of those of `ids` that are files of the
 * project whose bytes are in (`ready`), in no particular order. A file of another project, or one
 * still pending, is simply not among them.
 */
export async function fileCards(db: Executor, projectId: string, ids: readonly string[]): Promise<FileCard[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: driveFiles.id, name: driveFiles.name, type: driveFiles.type, size: driveFiles.size })
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), inArray(driveFiles.id, [...ids]), eq(driveFiles.status, 'ready')));
}
