import type { DriveFile, DriveSort, DriveTypeFilter, ImagePreview } from '@wharf/contract';
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import {
  containsPattern,
  cursorTime,
  decodePageToken,
  encodePageToken,
  invalidPageToken,
} from '../../core/pagination.js';
import { userCards } from '../accounts/read-models.js';
import { familyTypes } from './file-types.js';
import { fileNotFound } from './errors.js';
import { driveFiles } from './schema.js';
import type { DriveSearch } from './search.js';

export type FileRow = typeof driveFiles.$inferSelect;
type Uploader = {
  id: string;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  email: string;
};

/** Who uploaded a file, as `toDriveFile` names them (a left join: null once their account is gone). */
export const uploaderColumns = {
  id: userCards.id,
  firstName: userCards.firstName,
  lastName: userCards.lastName,
  username: userCards.username,
  email: userCards.email,
};

/** Files with who uploaded them, ready for `toDriveFile`. */
function filesWithUploader(db: Executor) {
  return db
    .select({ file: driveFiles, uploader: uploaderColumns })
    .from(driveFiles)
    .leftJoin(userCards, eq(userCards.id, driveFiles.uploadedBy))
    .$dynamic();
}

const nameOf = (person: Uploader) =>
  [person.firstName, person.lastName].filter(Boolean).join(' ') || person.username || person.email;

/** The quoted ETag of a file's bytes: their SHA-256 and the version, so a replaced file never matches. */
export const etagOf = (row: Pick<FileRow, 'sha256' | 'version'>) =>
  row.sha256 ? `"${row.sha256.slice(0, 32)}-${row.version}"` : null;

/** Makes an image's preview links (variants.ts `previewLinker`); none without one. */
export type Previews = (file: FileRow) => ImagePreview | null;

export function toDriveFile(
  { file, uploader }: { file: FileRow; uploader: Uploader | null },
  previews?: Previews,
): DriveFile {
  return {
    id: file.id,
    projectId: file.projectId,
    name: file.name,
    folder: file.folder,
    type: file.type,
    size: file.size,
    status: file.status,
    version: file.version,
    etag: etagOf(file),
    width: file.width,
    height: file.height,
    tags: file.tags,
    altText: file.altText,
    custom: file.custom,
    public: file.public,
    uploadedBy: uploader ? { id: uploader.id, name: nameOf(uploader) } : null,
    preview: previews?.(file) ?? null,
    createdAt: file.createdAt.toISOString(),
    updatedAt: file.updatedAt.toISOString(),
    uploadedAt: file.uploadedAt?.toISOString() ?? null,
  };
}

/** One file of the project as the API answers it, or 404 FILE_NOT_FOUND (another project's too). */
export async function loadFile(
  db: Executor,
  projectId: string,
  fileId: string,
  previews?: Previews,
): Promise<DriveFile> {
  const [row] = await filesWithUploader(db).where(and(eq(driveFiles.projectId, projectId), eq(driveFiles.id, fileId)));
  if (!row) throw fileNotFound();
  return toDriveFile(row, previews);
}

/** The file's row, or undefined when the project has no such file. */
export async function findFileRow(db: Executor, projectId: string, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db
    .select()
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), eq(driveFiles.id, fileId)));
  return row;
}

/** The file's row, locked for a change when `forUpdate`, or 404 FILE_NOT_FOUND. */
export async function fileRow(db: Executor, projectId: string, fileId: string, forUpdate = false): Promise<FileRow> {
  const query = db
    .select()
    .from(driveFiles)
    .where(and(eq(driveFiles.projectId, projectId), eq(driveFiles.id, fileId)))
    .$dynamic();
  const [row] = await (forUpdate ? query.for('update') : query);
  if (!row) throw fileNotFound();
  return row;
}

/* ---- The list: search, sort, then keyset pages ---- */

interface SortSpec {
  column: AnyColumn;
  descending: boolean;
  /** The sort key of a row as the page token carries it. */
  valueOf(row: FileRow): string;
  /** The token's value back as a query value, or a refused token. */
  parse(value: string): unknown;
}

const timeSort = (column: AnyColumn, pick: (row: FileRow) => Date) => ({
  column,
  valueOf: (row: FileRow) => pick(row).toISOString(),
  parse: (value: string) => cursorTime(value).toISOString(),
});

const sorts: Record<string, Omit<SortSpec, 'descending'>> = {
  name: { column: driveFiles.name, valueOf: (row) => row.name, parse: (value) => value },
  size: {
    column: driveFiles.size,
    valueOf: (row) => String(row.size),
    parse: (value) => {
      if (!/^\d{1,16}$/.test(value)) throw invalidPageToken();
      return Number(value);
    },
  },
  created: timeSort(driveFiles.createdAt, (row) => row.createdAt),
  updated: timeSort(driveFiles.updatedAt, (row) => row.updatedAt),
};

function sortSpec(sortBy: DriveSort): SortSpec {
  const descending = sortBy.startsWith('-');
  return { ...sorts[descending ? sortBy.slice(1) : sortBy]!, descending };
}

/** A page token names its sort, so a token of one order is refused by another (it would skip rows). */
function afterCondition(sortBy: DriveSort, spec: SortSpec, token: string): SQL {
  const cursor = decodePageToken(token);
  const separator = cursor.at.indexOf('|');
  if (separator < 0 || cursor.at.slice(0, separator) !== sortBy) throw invalidPageToken();
  const value = spec.parse(cursor.at.slice(separator + 1));
  const cast =
    spec.column === driveFiles.name
      ? sql`${value}::text`
      : spec.column === driveFiles.size
        ? sql`${value}::bigint`
        : sql`${value}::timestamptz`;
  return spec.descending
    ? sql`(${spec.column}, ${driveFiles.id}) < (${cast}, ${cursor.id}::uuid)`
    : sql`(${spec.column}, ${driveFiles.id}) > (${cast}, ${cursor.id}::uuid)`;
}

function familyCondition(family: DriveTypeFilter): SQL {
  if (family === 'other') {
    const known = Object.keys(familyTypes).map((name) => familyCondition(name as DriveTypeFilter));
    return sql`not (${or(...known)})`;
  }
  const { prefix, exact } = familyTypes[family];
  const parts: SQL[] = [];
  if (prefix) parts.push(sql`${driveFiles.type} like ${`${prefix}%`}`);
  if (exact?.length) parts.push(sql`${driveFiles.type} = any(${sql.param(exact)}::text[])`);
  return or(...parts)!;
}

function searchConditions(search: DriveSearch): SQL[] {
  const conditions: SQL[] = [];
  for (const word of search.words) conditions.push(ilike(driveFiles.name, containsPattern(word)));
  if (search.type) conditions.push(or(...search.type.map((family) => familyCondition(family as DriveTypeFilter)))!);
  if (search.tag) conditions.push(sql`${driveFiles.tags} && ${sql.param(search.tag)}::text[]`);
  if (search.name) conditions.push(or(...search.name.map((part) => ilike(driveFiles.name, containsPattern(part))))!);
  if (search.folder) {
    const folders = search.folder.map(
      (folder) =>
        sql`(lower(${driveFiles.folder}) = ${folder} or lower(${driveFiles.folder}) like ${`${folder.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`})`,
    );
    conditions.push(or(...folders)!);
  }
  // `public:true,false` asks for both: no condition.
  if (search.public?.length === 1) conditions.push(eq(driveFiles.public, search.public[0] === 'true'));
  return conditions;
}

export interface ListOptions {
  search: DriveSearch;
  sortBy: DriveSort;
  pageSize: number;
  pageToken?: string | undefined;
}

/** One page of the project's files matching the search, sorted first, then paged by keyset (ties by id). */
export async function listFiles(
  db: Executor,
  projectId: string,
  options: ListOptions,
  previews?: Previews,
): Promise<{ items: DriveFile[]; nextPageToken: string | null }> {
  const spec = sortSpec(options.sortBy);
  const conditions = [eq(driveFiles.projectId, projectId), ...searchConditions(options.search)];
  if (options.pageToken) conditions.push(afterCondition(options.sortBy, spec, options.pageToken));
  const order = spec.descending ? desc : asc;
  const rows = await filesWithUploader(db)
    .where(and(...conditions))
    .orderBy(order(spec.column), order(driveFiles.id))
    .limit(options.pageSize + 1);
  const page = rows.slice(0, options.pageSize);
  const last = page.at(-1);
  return {
    items: page.map((row) => toDriveFile(row, previews)),
    nextPageToken:
      rows.length > options.pageSize && last
        ? encodePageToken({ at: `${options.sortBy}|${spec.valueOf(last.file)}`, id: last.file.id })
        : null,
  };
}
