import { z } from 'zod';
import { DRIVE_TYPE_FAMILIES } from '../drive-types.js';

/** The largest file one upload may declare (a project's quota usually says less). */
export const DRIVE_MAX_FILE_BYTES = 5 * 1024 ** 3;
/** A project's quota until a platform admin sets one up (`POST /v1/drive/admin/projects/{project}`). */
export const DRIVE_DEFAULT_QUOTA_BYTES = 1024 ** 3;
export const DRIVE_NAME_MAX = 255;
export const DRIVE_TAG_MAX = 50;
export const DRIVE_TAGS_MAX = 20;
export const DRIVE_ALT_TEXT_MAX = 1000;
export const DRIVE_CUSTOM_FIELDS_MAX = 20;
export const DRIVE_SEARCH_MAX = 500;

/** What a search's `type:` filter matches, by the sniffed type of the file's bytes. */
export const DriveTypeFilter = z.enum(DRIVE_TYPE_FAMILIES);
export type DriveTypeFilter = z.infer<typeof DriveTypeFilter>;

export const DriveSort = z.enum(['name', '-name', 'size', '-size', 'created', '-created', 'updated', '-updated']);
export type DriveSort = z.infer<typeof DriveSort>;

/** A file's display name: any one line of text but `/` and `\` (names are never paths). */
const FileName = z
  .string()
  .trim()
  .min(1, 'Give the file a name.')
  .max(DRIVE_NAME_MAX)
  .regex(/^[^/\\]+$/, 'A file name cannot contain / or \\.')
  .refine((name) => name !== '.' && name !== '..', 'A file name cannot be . or ..');

/** Tags are words a person filters by: lower-cased, one line, no commas or spaces. */
const Tag = z
  .string()
  .trim()
  .toLowerCase()
  .min(1)
  .max(DRIVE_TAG_MAX)
  .regex(/^[^\s,:"]+$/, 'A tag is one word, without spaces, commas, colons or quotes.');
const Tags = z
  .array(Tag)
  .max(DRIVE_TAGS_MAX)
  .transform((tags) => [...new Set(tags)]);

/** A person's own fields on a file (`sku: ABC-1`), kept as text. */
const CustomFields = z
  .record(z.string().min(1).max(64), z.string().max(1000))
  .refine((fields) => Object.keys(fields).length <= DRIVE_CUSTOM_FIELDS_MAX, {
    message: `A file has at most ${DRIVE_CUSTOM_FIELDS_MAX} custom fields.`,
  });

/** A folder is a path of names, `products/summer`, kept as text for grouping: never a path on a disk. */
const Folder = z
  .string()
  .trim()
  .max(500)
  .regex(/^(?:[^/\\]+(?:\/[^/\\]+)*)?$/, 'A folder is names separated by /, such as products/summer.')
  .refine((folder) => !folder.split('/').some((part) => part === '.' || part === '..'), 'A folder cannot hold . or ..');

/**
 * Where to show an image: a `<picture>`'s sources (SPEC.md section 9: srcset formats webp and jpg),
 * each a srcset of signed transform addresses at a few widths, and `src`, the jpg fallback.
 */
export const ImagePreview = z
  .object({
    src: z.string(),
    sources: z.array(z.object({ type: z.enum(['image/webp', 'image/jpeg']), srcset: z.string() })),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'ImagePreview' });
export type ImagePreview = z.infer<typeof ImagePreview>;

export const DriveFileStatus = z.enum(['pending', 'ready']);

/** A file with its metadata (SPEC.md section 7 "Files and drive"). */
export const DriveFile = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    name: z.string(),
    folder: z.string(),
    /** The type sniffed from the bytes once they are in; the declared one until then. */
    type: z.string(),
    size: z.number().int(),
    status: DriveFileStatus.describe('pending until its bytes are in'),
    /** Counts up each time the bytes are replaced; transforms and signed links name it. */
    version: z.number().int(),
    etag: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    tags: z.array(z.string()),
    altText: z.string(),
    custom: z.record(z.string(), z.string()),
    public: z.boolean(),
    uploadedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
    preview: ImagePreview.nullable().describe(
      'Signed, expiring addresses of the image at a few widths; null for other files',
    ),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    uploadedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'DriveFile' });
export type DriveFile = z.infer<typeof DriveFile>;

export const CreateFileRequest = z
  .object({
    name: FileName,
    /** The type the client believes; the bytes decide (a mismatch is refused on upload). */
    type: z
      .string()
      .trim()
      .toLowerCase()
      .max(255)
      .regex(/^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/, 'Give a media type such as image/png.'),
    size: z.number().int().min(0).max(DRIVE_MAX_FILE_BYTES),
    folder: Folder.default(''),
    tags: Tags.default([]),
    altText: z.string().trim().max(DRIVE_ALT_TEXT_MAX).default(''),
    custom: CustomFields.default({}),
    public: z.boolean().default(false),
  })
  .meta({ id: 'CreateFileRequest' });
export type CreateFileRequest = z.input<typeof CreateFileRequest>;

/** Where and how to send a new file's bytes. */
export const CreatedFile = z
  .object({
    file: DriveFile,
    upload: z.object({
      method: z.literal('POST'),
      url: z.string(),
      headers: z.record(z.string(), z.string()),
    }),
  })
  .meta({ id: 'CreatedFile' });
export type CreatedFile = z.infer<typeof CreatedFile>;

export const UpdateMetadataRequest = z
  .object({
    name: FileName.optional(),
    folder: Folder.optional(),
    tags: Tags.optional(),
    altText: z.string().trim().max(DRIVE_ALT_TEXT_MAX).optional(),
    custom: CustomFields.optional(),
    public: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.')
  .meta({ id: 'UpdateMetadataRequest' });
export type UpdateMetadataRequest = z.input<typeof UpdateMetadataRequest>;

/** One change of the project's files, in the order they were made. */
export const DriveChange = z
  .object({
    sequence: z.number().int(),
    kind: z.enum(['created', 'updated', 'deleted']),
    fileId: z.uuid(),
    at: z.iso.datetime(),
    /** The file as it is now; null once deleted. */
    file: DriveFile.nullable(),
  })
  .meta({ id: 'DriveChange' });
export type DriveChange = z.infer<typeof DriveChange>;

export const DriveSyncPage = z
  .object({
    changes: z.array(DriveChange),
    /** Give it back as `cursor` to read what came after. */
    cursor: z.number().int(),
    hasMore: z.boolean(),
  })
  .meta({ id: 'DriveSyncPage' });
export type DriveSyncPage = z.infer<typeof DriveSyncPage>;

export const DriveUsage = z
  .object({
    projectId: z.uuid(),
    quotaBytes: z.number().int(),
    usedBytes: z.number().int(),
    fileCount: z.number().int(),
    storageClass: z.string(),
  })
  .meta({ id: 'DriveUsage' });
export type DriveUsage = z.infer<typeof DriveUsage>;

export const DriveSyncStatus = z
  .object({
    cursor: z.number().int(),
    usage: DriveUsage,
    lastChange: DriveChange.omit({ file: true }).nullable(),
  })
  .meta({ id: 'DriveSyncStatus' });
export type DriveSyncStatus = z.infer<typeof DriveSyncStatus>;

export const DriveStorageClass = z.enum(['standard', 'infrequent']);
export type DriveStorageClass = z.infer<typeof DriveStorageClass>;

/** A project's drive as platform admins see it. */
export const DriveProjectAdmin = DriveUsage.extend({
  projectName: z.string(),
  createdAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime().nullable(),
}).meta({ id: 'DriveProjectAdmin' });
export type DriveProjectAdmin = z.infer<typeof DriveProjectAdmin>;

/** A platform admin's setup of a project's drive (SPEC.md: "setup body: quota, storage class"). */
export const DriveSetupRequest = z
  .object({
    quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    storageClass: DriveStorageClass.default('standard'),
  })
  .meta({ id: 'DriveSetupRequest' });
export type DriveSetupRequest = z.input<typeof DriveSetupRequest>;

export const UpdateDriveSetupRequest = z
  .object({
    quotaBytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    storageClass: DriveStorageClass.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Give at least one field to change.')
  .meta({ id: 'UpdateDriveSetupRequest' });
export type UpdateDriveSetupRequest = z.input<typeof UpdateDriveSetupRequest>;

/** One day of a drive's counters (UTC days): what it held at the day's end and what it did that day. */
export const DriveMetricsDay = z
  .object({
    day: z.iso.date(),
    storedBytes: z.number().int(),
    fileCount: z.number().int(),
    uploads: z.number().int(),
    uploadedBytes: z.number().int(),
    bytesServed: z.number().int(),
    transforms: z.number().int(),
  })
  .meta({ id: 'DriveMetricsDay' });
export type DriveMetricsDay = z.infer<typeof DriveMetricsDay>;

export const DriveMetrics = z
  .object({ start: z.iso.date(), end: z.iso.date(), days: z.array(DriveMetricsDay) })
  .meta({ id: 'DriveMetrics' });
export type DriveMetrics = z.infer<typeof DriveMetrics>;
