import { Readable } from 'node:stream';
import { DRIVE_MAX_FILE_BYTES, type operations } from '@wharf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';
import type { KeptAnswers } from '../../core/http/kept-answers.js';
import type { JobQueue } from '../../core/jobs/queue.js';
import type { ObjectStore } from '../../core/storage/object-store.js';
import { bytesExpected, driveNotInstalled, fileNotFound, lengthRequired, quotaExceeded } from './errors.js';
import { fileRow, findFileRow, listFiles, loadFile, type FileRow } from './files.js';
import type { ImageOptions } from './images/image-options.js';
import { deleteAfterCommit, objectKeyOf } from './objects.js';
import type { ServedTally } from './metrics.js';
import { RecentPublicFiles, RecentRenderings } from './recent.js';
import { receiveBytes } from './receive-bytes.js';
import { driveFiles } from './schema.js';
import { parseDriveSearch } from './search.js';
import { serveFile } from './serve-file.js';
import { decideType } from './sniff.js';
import { asksOriginal, checkPublicLink, imageOptionsOf, previewLinker, serveVariant } from './variants.js';
import { driveSync, driveSyncStatus } from './sync.js';
import { assertFits, driveUsage, lockDrive, recordChange } from './usage.js';

type DriveOperations = Pick<
  typeof operations,
  | 'createFile'
  | 'uploadFile'
  | 'getFile'
  | 'deleteFile'
  | 'getPublicFile'
  | 'listFileMetadata'
  | 'getFileMetadata'
  | 'updateFileMetadata'
  | 'getDriveSync'
  | 'getDriveSyncStatus'
>;

export interface DriveDeps {
  db: Database;
  clock: Clock;
  storage: ObjectStore;
  jobs: JobQueue;
  /** Signs the drive's public links (previews, signed downloads): a secret every process shares. */
  linkSecret: string;
  /** Counts what is served and rendered, for the admin's metrics. */
  tally: ServedTally;
  /** The answers given again before Fastify: a changed file's are forgotten with it. */
  answers: KeptAnswers;
  hasDrive(projectId: string): Promise<boolean>;
}

/** A private file is the project's members' own: revalidated on every use, never kept by a shared cache. */
const PRIVATE_CACHE = 'private, no-cache';
/** A public file's link names its version (`?v=`): that answer never changes, so it is kept a year. */
const PUBLIC_VERSIONED_CACHE = 'public, max-age=31536000, immutable';
const PUBLIC_CACHE = 'public, max-age=3600';

const userOf = (request: FastifyRequest) => (request.principal?.kind === 'user' ? request.principal.userId : null);

/** The drive's calls (SPEC.md section 7 "Files and drive"), each in a project with the Drive module. */
export function driveHandlers(deps: DriveDeps): Handlers<DriveOperations> {
  const { db, clock, storage, jobs } = deps;
  const requireDrive = async (projectId: string) => {
    if (!(await deps.hasDrive(projectId))) throw driveNotInstalled();
  };
  const previews = () => previewLinker(deps.linkSecret, clock.now());
  const renderings = new RecentRenderings();
  const publicFiles = new RecentPublicFiles(deps.answers);
  /** A file's bytes, or a rendering of them when image options are asked; counted as served. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: FileRow,
    options: ImageOptions,
    cache: string,
  ) => {
    const body = asksOriginal(file, options)
      ? await serveFile(request, reply, storage, file, cache)
      : await serveVariant(
          request,
          reply,
          storage,
          file,
          options,
          cache,
          () => deps.tally.rendered(file.projectId, clock.now()),
          renderings,
        );
    if (body) deps.tally.served(file.projectId, clock.now(), Number(reply.getHeader('content-length') ?? 0));
    return body;
  };

  return {
    createFile: async ({ query, body }, request) => {
      await requireDrive(query.project);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, query.project, now);
        assertFits(drive, body.size);
        const [row] = await tx
          .insert(driveFiles)
          .values({
            projectId: query.project,
            name: body.name,
            folder: body.folder,
            type: body.type,
            size: body.size,
            status: 'pending',
            tags: body.tags,
            altText: body.altText,
            custom: body.custom,
            public: body.public,
            uploadedBy: userOf(request),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: driveFiles.id });
        await recordChange(tx, drive, { kind: 'created', fileId: row!.id, at: now, files: 1 });
        await recordAudit(tx, request, {
          target: `file:${row!.id}`,
          details: { name: body.name, type: body.type, size: body.size, public: body.public },
        });
        return row!.id;
      });
      return {
        file: await loadFile(db, query.project, id, previews()),
        upload: {
          method: 'POST' as const,
          url: `/v1/drive/files/${id}?project=${query.project}`,
          headers: { 'content-type': 'application/octet-stream' },
        },
      };
    },

    uploadFile: async ({ params, query }, request) => {
      await requireDrive(query.project);
      if (!(request.body instanceof Readable)) throw bytesExpected();
      const before = await fileRow(db, query.project, params.file);
      // New bytes for a file that has some are as long as the request says (there is no new declaration).
      const expected = before.status === 'pending' ? before.size : Number(request.headers['content-length']);
      if (!Number.isSafeInteger(expected) || expected < 0) throw lengthRequired();
      if (expected > DRIVE_MAX_FILE_BYTES) throw quotaExceeded(expected, DRIVE_MAX_FILE_BYTES);
      // Refused before a byte is read when it cannot fit; checked again, under the lock, at the end.
      const usage = await driveUsage(db, query.project);
      const free = usage.quotaBytes - usage.usedBytes + (before.status === 'ready' ? before.size : 0);
      if (expected > free) throw quotaExceeded(expected, free);
      const version = before.version + 1;
      const key = objectKeyOf(query.project, params.file, version);
      // Kept in the class the platform's admins set the project's drive up with.
      const received = await receiveBytes(storage, key, request.body, expected, {
        storageClass: usage.storageClass === 'infrequent' ? 'infrequent' : 'standard',
      });
      try {
        const type = await decideType(before.type, received.head);
        // Measured as the bytes came in (receive-bytes.ts), kept for an image of its decided type only.
        const size = type.startsWith('image/') && type !== 'image/svg+xml' ? received.image : undefined;
        const now = clock.now();
        await db.transaction(async (tx) => {
          const drive = await lockDrive(tx, query.project, now);
          const current = await fileRow(tx, query.project, params.file, true);
          const freed = current.status === 'ready' ? current.size : 0;
          assertFits(drive, received.size, freed);
          await tx
            .update(driveFiles)
            .set({
              status: 'ready',
              type,
              size: received.size,
              version: current.version + 1,
              objectKey: key,
              sha256: received.sha256,
              width: size?.width ?? null,
              height: size?.height ?? null,
              uploadedBy: userOf(request) ?? current.uploadedBy,
              uploadedAt: now,
              updatedAt: now,
            })
            .where(eq(driveFiles.id, current.id));
          // The bytes replaced, and their renderings, go once this commits (and only then).
          if (current.objectKey) await deleteAfterCommit(tx, jobs, current);
          await recordChange(tx, drive, {
            kind: 'updated',
            fileId: current.id,
            at: now,
            bytes: received.size - freed,
            uploaded: received.size,
          });
          await recordAudit(tx, request, {
            target: `file:${current.id}`,
            details: { uploaded: received.size, type, version: current.version + 1 },
          });
        });
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
      publicFiles.forget(query.project, params.file);
      return loadFile(db, query.project, params.file, previews());
    },

    getFile: async ({ params, query }, request, reply) => {
      await requireDrive(query.project);
      const file = await fileRow(db, query.project, params.file);
      return serve(request, reply, file, imageOptionsOf(query), PRIVATE_CACHE);
    },

    getPublicFile: async ({ params, query }, request, reply) => {
      // Every file of a project without the Drive module is not there for strangers.
      const { hasDrive, file } = await publicFiles.read(params.project, params.file, async () => {
        const installed = await deps.hasDrive(params.project);
        return {
          hasDrive: installed,
          file: installed ? ((await findFileRow(db, params.project, params.file)) ?? null) : null,
        };
      });
      if (!hasDrive || !file) throw fileNotFound();
      const options = imageOptionsOf(query);
      checkPublicLink(deps.linkSecret, file, options, query, clock.now());
      // A link naming the current version never changes what it shows; a private file's stays private.
      const cache = !file.public
        ? `private, max-age=${Math.max(0, query.expires! - Math.floor(clock.now().getTime() / 1000))}`
        : query.v === file.version
          ? PUBLIC_VERSIONED_CACHE
          : PUBLIC_CACHE;
      reply.header('cross-origin-resource-policy', 'cross-origin');
      // The same link is answered again from memory while what was read of the file is trusted, and
      // never past a signed link's expiry; a change to the file through this process forgets it.
      const now = clock.now().getTime();
      const trusted = now + publicFiles.trustedFor(params.project, params.file);
      request.keepAnswer = {
        tag: RecentPublicFiles.tagOf(params.project, params.file),
        until: query.expires === undefined ? trusted : Math.min(trusted, query.expires * 1000),
        onReplay: (bytes) => deps.tally.served(params.project, clock.now(), bytes),
      };
      return serve(request, reply, file, options, cache);
    },

    deleteFile: async ({ params, query }, request) => {
      await requireDrive(query.project);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, query.project, now);
        const file = await fileRow(tx, query.project, params.file, true);
        await tx.delete(driveFiles).where(and(eq(driveFiles.projectId, query.project), eq(driveFiles.id, file.id)));
        if (file.objectKey) await deleteAfterCommit(tx, jobs, file);
        await recordChange(tx, drive, {
          kind: 'deleted',
          fileId: file.id,
          at: now,
          bytes: file.status === 'ready' ? -file.size : 0,
          files: -1,
        });
        await recordAudit(tx, request, { target: `file:${file.id}`, details: { name: file.name, size: file.size } });
      });
      publicFiles.forget(query.project, params.file);
      return undefined;
    },

    listFileMetadata: async ({ query }) => {
      await requireDrive(query.project);
      return listFiles(
        db,
        query.project,
        {
          search: parseDriveSearch(query.query),
          sortBy: query.sortBy,
          pageSize: query.pageSize,
          pageToken: query.pageToken,
        },
        previews(),
      );
    },

    getFileMetadata: async ({ params, query }) => {
      await requireDrive(query.project);
      return loadFile(db, query.project, params.file, previews());
    },

    updateFileMetadata: async ({ params, query, body }, request) => {
      await requireDrive(query.project);
      const now = clock.now();
      await db.transaction(async (tx) => {
        const drive = await lockDrive(tx, query.project, now);
        const file = await fileRow(tx, query.project, params.file, true);
        await tx
          .update(driveFiles)
          .set({ ...body, updatedAt: now })
          .where(eq(driveFiles.id, file.id));
        await recordChange(tx, drive, { kind: 'updated', fileId: file.id, at: now });
        await recordAudit(tx, request, { target: `file:${file.id}`, details: { fields: Object.keys(body) } });
      });
      publicFiles.forget(query.project, params.file);
      return loadFile(db, query.project, params.file, previews());
    },

    getDriveSync: async ({ query }) => {
      await requireDrive(query.project);
      return driveSync(db, query.project, query.cursor, query.limit, previews());
    },

    getDriveSyncStatus: async ({ query }) => {
      await requireDrive(query.project);
      return driveSyncStatus(db, query.project);
    },
  };
}
