import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { Page, Paging } from '../schemas/auth.js';
import { BinaryFile } from '../schemas/billing.js';
import { ApiErrorBody } from '../schemas/common.js';
import { ImageOptionsQuery } from '../schemas/drive-images.js';
import {
  CreatedFile,
  CreateFileRequest,
  DRIVE_SEARCH_MAX,
  DriveFile,
  DriveSort,
  DriveSyncPage,
  DriveMetrics,
  DriveProjectAdmin,
  DriveSetupRequest,
  DriveSyncStatus,
  UpdateDriveSetupRequest,
  UpdateMetadataRequest,
} from '../schemas/drive.js';

const tags = ['drive'];
const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 403: ApiErrorBody, 404: ApiErrorBody };
/** Every drive call names its project in the query (SPEC.md section 7 "Files and drive"). */
const inProject = { project: z.uuid() };
const fileParams = z.object({ file: z.uuid() });
const read = { kind: 'permission', permission: 'drive.read' } as const;
const write = { kind: 'permission', permission: 'drive.write' } as const;
const admin = { kind: 'admin' } as const;
const adminProject = z.object({ project: z.uuid() });
/** A period of UTC days, both ends included; at most a year and a day. */
const period = z
  .object({ start: z.iso.date(), end: z.iso.date() })
  .refine(({ start, end }) => start <= end, { message: 'The end must not be before the start.', path: ['end'] })
  .refine(({ start, end }) => Date.parse(end) - Date.parse(start) <= 366 * 86_400_000, {
    message: 'Ask for at most 366 days at a time.',
    path: ['end'],
  });

/**
 * The project's files (SPEC.md section 7 "Files and drive", base `/v1/drive`). A project must have
 * the Drive module installed; bytes are stored under ids, never under the names people give.
 */
export const driveOperations = {
  createFile: defineOperation({
    operationId: 'createFile',
    method: 'POST',
    path: '/v1/drive/files',
    summary:
      "Create a file's record and learn where to send its bytes. 413 QUOTA_EXCEEDED when the declared size does " +
      "not fit in the project's quota",
    tags,
    query: z.object(inProject),
    body: CreateFileRequest,
    bodyName: 'createFileRequest',
    responses: { 201: CreatedFile, 413: ApiErrorBody, ...errors },
    access: write,
    audited: true,
  }),
  uploadFile: defineOperation({
    operationId: 'uploadFile',
    method: 'POST',
    path: '/v1/drive/files/{file}',
    summary:
      "Send a file's bytes as application/octet-stream (again to replace them). They must be exactly the declared " +
      'size and of the declared kind (the type is read from the bytes): 400 SIZE_MISMATCH or TYPE_MISMATCH, 413 ' +
      'QUOTA_EXCEEDED, and nothing is kept',
    tags,
    params: fileParams,
    query: z.object(inProject),
    upload: true,
    responses: { 200: DriveFile, 411: ApiErrorBody, 413: ApiErrorBody, 415: ApiErrorBody, ...errors },
    access: write,
    audited: true,
  }),
  getFile: defineOperation({
    operationId: 'getFile',
    method: 'GET',
    path: '/v1/drive/files/{file}',
    summary:
      "The file's bytes, with Range requests (206) and an ETag (304); or, for an image, a rendering of it as the " +
      'image reference options ask (SPEC.md section 3: type, width, height, zoom, focal point, padding, mirror, ' +
      'rotate, reflect, extend, dpi, fit, position, background), cached per file version and options',
    tags,
    params: fileParams,
    query: ImageOptionsQuery.extend(inProject),
    download: 'file',
    responses: { 200: BinaryFile, 304: z.undefined(), 416: ApiErrorBody, ...errors },
    access: read,
    audited: false,
  }),
  deleteFile: defineOperation({
    operationId: 'deleteFile',
    method: 'DELETE',
    path: '/v1/drive/files/{file}',
    summary: 'Delete the file: its record and its bytes',
    tags,
    params: fileParams,
    query: z.object(inProject),
    responses: { 204: z.undefined(), ...errors },
    access: write,
    audited: true,
  }),
  getPublicFile: defineOperation({
    operationId: 'getPublicFile',
    method: 'GET',
    path: '/v1/drive/public/{project}/files/{file}',
    summary:
      'A file marked public, to anyone, with long cache headers. A rendering of it (image options), and any ' +
      'private file, needs a signed link (`expires`, `signature`: the `preview` addresses of its metadata); ' +
      'without one a private file answers 404, a rendering 403 SIGNATURE_REQUIRED',
    tags,
    params: z.object({ project: z.uuid(), file: z.uuid() }),
    query: ImageOptionsQuery.extend({
      v: z.coerce
        .number()
        .int()
        .min(0)
        .optional()
        .describe("The file's version: a link that names the current one is cached for a year"),
    }),
    download: 'file',
    responses: { 200: BinaryFile, 304: z.undefined(), 416: ApiErrorBody, ...errors },
    access: { kind: 'public' },
    audited: false,
  }),
  listFileMetadata: defineOperation({
    operationId: 'listFileMetadata',
    method: 'GET',
    path: '/v1/drive/metadata',
    summary:
      "The project's files with their metadata, sorted then paged. `query` takes words that must all be in the " +
      'name, and filters `type:image|video|audio|pdf|text|archive|other`, `tag:summer`, `name:logo`, ' +
      '`folder:products/summer` and `public:true|false`, e.g. `type:image tag:summer logo`',
    tags,
    query: z.object({
      ...inProject,
      ...Paging,
      query: z.string().max(DRIVE_SEARCH_MAX).optional(),
      sortBy: DriveSort.default('-created'),
    }),
    responses: { 200: Page(DriveFile), ...errors },
    access: read,
    audited: false,
  }),
  getFileMetadata: defineOperation({
    operationId: 'getFileMetadata',
    method: 'GET',
    path: '/v1/drive/metadata/{file}',
    summary: "A file's metadata",
    tags,
    params: fileParams,
    query: z.object(inProject),
    responses: { 200: DriveFile, ...errors },
    access: read,
    audited: false,
  }),
  updateFileMetadata: defineOperation({
    operationId: 'updateFileMetadata',
    method: 'PATCH',
    path: '/v1/drive/metadata/{file}',
    summary: 'Rename a file, move it to a folder, change its tags, alt text, custom fields or whether it is public',
    tags,
    params: fileParams,
    query: z.object(inProject),
    body: UpdateMetadataRequest,
    bodyName: 'updateMetadataRequest',
    responses: { 200: DriveFile, ...errors },
    access: write,
    audited: true,
  }),
  getDriveSync: defineOperation({
    operationId: 'getDriveSync',
    method: 'GET',
    path: '/v1/drive/sync',
    summary:
      "The project's changes to its files (created, updated, deleted) in the order they were made, after `cursor` " +
      '(0 or absent: from the start). Read again with the answer’s cursor until hasMore is false',
    tags,
    query: z.object({
      ...inProject,
      cursor: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
      limit: z.coerce.number().int().min(1).max(1000).default(100),
    }),
    responses: { 200: DriveSyncPage, ...errors },
    access: read,
    audited: false,
  }),
  getDriveSyncStatus: defineOperation({
    operationId: 'getDriveSyncStatus',
    method: 'GET',
    path: '/v1/drive/sync/status',
    summary: "Where the project's change feed stands: its cursor, the usage against the quota and the last change",
    tags,
    query: z.object(inProject),
    responses: { 200: DriveSyncStatus, ...errors },
    access: read,
    audited: false,
  }),
  listDriveProjectsAdmin: defineOperation({
    operationId: 'listDriveProjectsAdmin',
    method: 'GET',
    path: '/v1/drive/admin/projects',
    summary: "Platform administrators: every project's drive that has been set up or used, largest first",
    tags,
    query: z.object({ ...Paging }),
    responses: { 200: Page(DriveProjectAdmin), ...errors },
    access: admin,
    audited: false,
  }),
  getDriveProjectAdmin: defineOperation({
    operationId: 'getDriveProjectAdmin',
    method: 'GET',
    path: '/v1/drive/admin/projects/{project}',
    summary: "Platform administrators: a project's drive setup and usage (the defaults until it is set up)",
    tags,
    params: adminProject,
    responses: { 200: DriveProjectAdmin, ...errors },
    access: admin,
    audited: false,
  }),
  setupDriveProjectAdmin: defineOperation({
    operationId: 'setupDriveProjectAdmin',
    method: 'POST',
    path: '/v1/drive/admin/projects/{project}',
    summary: "Platform administrators: set a project's drive up with a quota and a storage class",
    tags,
    params: adminProject,
    body: DriveSetupRequest,
    bodyName: 'setup',
    responses: { 201: DriveProjectAdmin, ...errors },
    access: admin,
    audited: true,
  }),
  updateDriveProjectAdmin: defineOperation({
    operationId: 'updateDriveProjectAdmin',
    method: 'PATCH',
    path: '/v1/drive/admin/projects/{project}',
    summary: "Platform administrators: change a project's drive quota or storage class",
    tags,
    params: adminProject,
    body: UpdateDriveSetupRequest,
    bodyName: 'updateSetup',
    responses: { 200: DriveProjectAdmin, ...errors },
    access: admin,
    audited: true,
  }),
  deleteDriveProjectAdmin: defineOperation({
    operationId: 'deleteDriveProjectAdmin',
    method: 'DELETE',
    path: '/v1/drive/admin/projects/{project}',
    summary:
      "Platform administrators: remove a project's drive setup: its quota and storage class go back to the " +
      'defaults; its files stay',
    tags,
    params: adminProject,
    responses: { 204: z.undefined(), ...errors },
    access: admin,
    audited: true,
  }),
  getDriveMetricsAdmin: defineOperation({
    operationId: 'getDriveMetricsAdmin',
    method: 'GET',
    path: '/v1/drive/admin/metrics',
    summary:
      'Platform administrators: every drive together, day by day: stored bytes, files, uploads, bytes served, renderings',
    tags,
    query: period,
    responses: { 200: DriveMetrics, ...errors },
    access: admin,
    audited: false,
  }),
  getDriveProjectMetricsAdmin: defineOperation({
    operationId: 'getDriveProjectMetricsAdmin',
    method: 'GET',
    path: '/v1/drive/admin/projects/{project}/metrics',
    summary: "Platform administrators: a project's drive day by day",
    tags,
    params: adminProject,
    query: period,
    responses: { 200: DriveMetrics, ...errors },
    access: admin,
    audited: false,
  }),
};
