import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { AppError } from '../../core/errors.js';
import type { ObjectStore } from '../../core/storage/object-store.js';
import { rangeNotSatisfiable } from './errors.js';
import { showsInline } from './file-types.js';
import { etagOf, type FileRow } from './files.js';

/**
 * Whatever a stored file holds, the browser gets no chance to run it on the console's origin: its
 * type is the sniffed one and not to be second-guessed (`nosniff`), and the answer is a sandbox with
 * nothing allowed, so even an SVG or HTML file opened directly runs no script and reaches nothing.
 */
const FILE_POLICY = "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'";

/** `attachment` or `inline`, with the name as ASCII and in full (RFC 6266), never a path. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const fileNotUploaded = () =>
  new AppError(409, 'FILE_NOT_UPLOADED', "This file's bytes have not been uploaded yet.");

/** The headers of any answer of a stored file's bytes, or of a rendering of them. */
export function setFileHeaders(
  reply: FastifyReply,
  answer: { type: string; name: string; etag: string; cache: string; modified: Date },
): void {
  reply
    .header('content-type', answer.type.startsWith('text/') ? `${answer.type}; charset=utf-8` : answer.type)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', FILE_POLICY)
    .header('content-disposition', disposition(showsInline(answer.type) ? 'inline' : 'attachment', answer.name))
    .header('cache-control', answer.cache)
    .header('etag', answer.etag)
    .header('last-modified', answer.modified.toUTCString());
}

/** A 304 when the caller already has these bytes (`If-None-Match` names the ETag). */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  const known = request.headers['if-none-match'];
  if (!known || !known.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return false;
  reply.code(304);
  return true;
}

/**
 * Answers a file's bytes: its ETag (304 when the caller has them), one byte range when asked (206,
 * or 416 outside the file; several ranges get the whole file, as RFC 9110 allows), inline only for
 * types a browser shows without running anything.
 */
export async function serveFile(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  file: FileRow,
  cache: string,
): Promise<Readable | undefined> {
  if (file.status !== 'ready' || !file.objectKey) throw fileNotUploaded();
  const etag = etagOf(file)!;
  const wanted = rangeOf(request, etag, file.size);
  setFileHeaders(reply, { type: file.type, name: file.name, etag, cache, modified: file.uploadedAt ?? file.updatedAt });
  reply.header('accept-ranges', 'bytes');
  if (notModified(request, reply, etag)) return undefined;
  if (wanted) {
    const { start, end } = wanted;
    reply
      .code(206)
      .header('content-range', `bytes ${start}-${end}/${file.size}`)
      .header('content-length', end - start + 1);
    return store.get(file.objectKey, wanted);
  }
  reply.code(200).header('content-length', file.size);
  return store.get(file.objectKey);
}

/**
 * The one byte range asked for, when the request asks for one the caller's copy still matches
 * (`If-Range`); a range outside the file is a 416 naming its size. Malformed or several ranges: none.
 */
function rangeOf(request: FastifyRequest, etag: string, size: number): { start: number; end: number } | undefined {
  const range = request.headers.range;
  const ifRange = request.headers['if-range'];
  if (!range || (ifRange && ifRange !== etag) || size === 0) return undefined;
  const ranges = parseRange(size, range, { combine: true });
  if (ranges === -1) {
    throw Object.assign(rangeNotSatisfiable(), { headers: { 'content-range': `bytes */${size}` } });
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return undefined;
  return ranges[0]!;
}
