import type { ImagePreview } from '@wharf/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import type { FileRow } from './files.js';
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

/** A card with the signed, expiring preview links of an image (null for a file the drive does not render). */
export interface ImageCard extends FileCard {
  preview: ImagePreview | null;
}

/**
 * `fileCards` with preview links, for a module that shows the images it refers to (a review's
 * photos, in the console and on the storefront): the same links as the drive's own answers.
 */
export async function imageCards(
  db: Executor,
  projectId: string,
  ids: readonly string[],
  previews: (file: FileRow) => ImagePreview | null,
): Promise<ImageCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), inArray(driveFiles.id, [...ids]), eq(driveFiles.status, 'ready')));
  return rows.map((row) => ({ id: row.id, name: row.name, type: row.type, size: row.size, preview: previews(row) }));
}
