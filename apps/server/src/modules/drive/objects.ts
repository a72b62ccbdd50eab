import { randomUUID } from 'node:crypto';
import type { Executor } from '../../core/db/database.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import type { ObjectStore } from '../../core/storage/object-store.js';

/** Deletes bytes that a committed change left behind (a deleted or replaced file, a deleted project). */
export const DELETE_OBJECT_QUEUE = 'drive.delete-object';

/**
 * Where a version of a file's bytes lives: ids only, never the file's name. The random part keeps
 * two uploads racing to the same file from writing one object; the one that commits last wins and
 * the other's bytes are deleted.
 */
export const objectKeyOf = (projectId: string, fileId: string, version: number) =>
  `${projectPrefix(projectId)}/files/${fileId}/v${version}-${randomUUID()}`;

/** A prefix is whole segments without the trailing `/` (ObjectStore.deletePrefix). */
export const projectPrefix = (projectId: string) => `projects/${projectId}`;

/** Deletion runs after the change committed, retried until the store has done it. */
export function registerObjectDeletion(jobs: JobQueue, store: ObjectStore): void {
  jobs.register<{ key?: string; prefix?: string }>(DELETE_OBJECT_QUEUE, async (payload) => {
    if (payload.key) await store.delete(payload.key);
    if (payload.prefix) await store.deletePrefix(payload.prefix);
  });
}

/**
 * Deletes a file's stored bytes and every rendering of them once the caller's transaction commits
 * (a job enqueued in it): a deleted or replaced file's bytes never outlive the change, and never go
 * before it.
 */
export async function deleteAfterCommit(
  tx: Executor,
  jobs: JobQueue,
  file: { projectId: string; id: string; objectKey: string | null },
): Promise<void> {
  await jobs.enqueue(tx, DELETE_OBJECT_QUEUE, {
    ...(file.objectKey ? { key: file.objectKey } : {}),
    prefix: variantsOf(file),
  });
}

/** Every rendering of every version of a file (variants.ts keeps them under here). */
export const variantsOf = (file: { projectId: string; id: string }) =>
  `${projectPrefix(file.projectId)}/variants/${file.id}`;
