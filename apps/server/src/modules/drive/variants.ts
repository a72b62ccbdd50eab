import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { SRCSET_FORMATS, type ImageOptionsQuery, type ImagePreview } from '@wharf/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../core/errors.js';
import type { ObjectStore } from '../../core/storage/object-store.js';
import type { FileRow } from './files.js';
import {
  canonicalImageOptions,
  isOriginal,
  normaliseImageOptions,
  outputType,
  type ImageOptions,
} from './images/image-options.js';
import { IMAGE_CONTENT_TYPES, ImageRenderError, renderImage } from './images/render-image.js';
import { signImageUrl, verifyImageSignature } from './images/signed-urls.js';
import { variantsOf } from './objects.js';
import type { RecentRenderings } from './recent.js';
import { fileNotUploaded, notModified, setFileHeaders } from './serve-file.js';

/** Sources larger than this are not rendered (a decompression bomb is refused before decoding). */
const MAX_SOURCE_PIXELS = 50_000_000;
const MAX_SOURCE_BYTES = 64 * 1024 ** 2;
/** Renderings found in the store up to this size are read whole, to be kept in memory. */
const KEPT_IN_MEMORY_BYTES = 2 * 1024 ** 2;
/** The widths of a preview's srcset; an image is never enlarged, so the widest may come out smaller. */
export const PREVIEW_WIDTHS = [200, 400, 800] as const;
/** A preview's links last this long at least, and end on the hour: lists read within the hour give the same links (cached). */
const LINK_HOURS = 1;

/** Images the drive renders: what sharp reads safely. SVG is kept and served, never rendered. */
export const renders = (file: Pick<FileRow, 'type' | 'status'>) =>
  file.status === 'ready' && file.type.startsWith('image/') && file.type !== 'image/svg+xml';

/** The image options of a request (its other parameters left out), normalised and clamped. */
export function imageOptionsOf(query: ImageOptionsQuery): ImageOptions {
  const { expires: _expires, signature: _signature, ...options } = query;
  return normaliseImageOptions(options);
}

/** Whether a request for these options is the stored file itself. */
export const asksOriginal = (file: FileRow, options: ImageOptions) => isOriginal(options, file.type);

const optionsHash = (canonical: string) => createHash('sha256').update(canonical).digest('hex').slice(0, 32);

/** Renderings in progress in this process: one rendering per variant however many ask at once. */
const rendering = new Map<string, Promise<Buffer>>();

/**
 * Answers a rendering of an image, from the store when it was made before (per file version and
 * normalised options), else rendered now with sharp and kept for the next time.
 */
export async function serveVariant(
  request: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  file: FileRow,
  options: ImageOptions,
  cache: string,
  /** Told of each rendering made (not of one found in the store), for the drive's counters. */
  rendered: () => void,
  recent: RecentRenderings,
): Promise<Readable | Buffer | undefined> {
  if (file.status !== 'ready' || !file.objectKey) throw fileNotUploaded();
  if (!renders(file)) throw badRequest('Only images (not SVG) can be shown with image options.', 'NOT_AN_IMAGE');
  const canonical = canonicalImageOptions(options);
  const hash = optionsHash(canonical);
  const type = outputType(options);
  const etag = `"${hash.slice(0, 16)}-${file.version}"`;
  const name = `${file.name.replace(/\.[^.]*$/, '')}.${type}`;
  setFileHeaders(reply, {
    type: IMAGE_CONTENT_TYPES[type],
    name,
    etag,
    cache,
    modified: file.uploadedAt ?? file.updatedAt,
  });
  if (notModified(request, reply, etag)) return undefined;

  const key = `${variantsOf(file)}/v${file.version}/${hash}`;
  const body = recent.get(key) ?? (await fromStore(store, key, recent));
  if (Buffer.isBuffer(body)) {
    reply.header('content-length', body.length);
    return body;
  }
  if (body) {
    reply.header('content-length', body.size);
    return body.stream;
  }
  let made = rendering.get(key);
  if (!made) {
    made = render(store, file.objectKey, options, key).finally(() => rendering.delete(key));
    rendering.set(key, made);
    rendered();
  }
  const fresh = await made;
  recent.keep(key, fresh);
  reply.header('content-length', fresh.length);
  return fresh;
}

/**
 * A rendering made before (by this process or another), from the store: small ones read whole and
 * kept in memory for the next time, large ones streamed. Undefined when there is none yet.
 */
async function fromStore(
  store: ObjectStore,
  key: string,
  recent: RecentRenderings,
): Promise<Buffer | { size: number; stream: Readable } | undefined> {
  // One request for the bytes and their size (a HEAD then a GET were two round trips to S3).
  const found = await store.getWithSize(key);
  if (!found) return undefined;
  if (found.size > KEPT_IN_MEMORY_BYTES) return found;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  recent.keep(key, body);
  return body;
}

async function render(store: ObjectStore, source: string, options: ImageOptions, key: string): Promise<Buffer> {
  let body: Buffer;
  try {
    ({ body } = await renderImage(await store.get(source), options, {
      maxPixels: MAX_SOURCE_PIXELS,
      maxInputBytes: MAX_SOURCE_BYTES,
    }));
  } catch (error) {
    if (!(error instanceof ImageRenderError)) throw error;
    const status = { IMAGE_UNREADABLE: 422, IMAGE_TOO_LARGE: 413, IMAGE_TIMEOUT: 503 }[error.code];
    throw new AppError(status, error.code, error.message);
  }
  await store.put(key, Readable.from([body]));
  return body;
}

/* ---- Signed links ---- */

export const signatureRequired = () =>
  new AppError(403, 'SIGNATURE_REQUIRED', 'Showing this file with image options needs a signed link.');
export const linkExpired = () => new AppError(403, 'LINK_EXPIRED', 'This link has expired: ask for a new one.');
export const invalidSignature = () => new AppError(403, 'INVALID_SIGNATURE', 'This link is not valid.');

/**
 * Whether a public link may show what it asks: a public file's original needs nothing; a rendering,
 * or a private file, needs a signature over the file, its version, the options and the expiry.
 * A private file's refusal is a 404 (a stranger learns nothing of it).
 */
export function checkPublicLink(
  secret: string,
  file: FileRow,
  options: ImageOptions,
  query: { expires?: number | undefined; signature?: string | undefined },
  now: Date,
): void {
  if (query.signature === undefined || query.expires === undefined) {
    if (!file.public) throw notThere();
    if (!asksOriginal(file, options)) throw signatureRequired();
    return;
  }
  const check = verifyImageSignature({
    secret,
    project: file.projectId,
    file: file.id,
    version: file.version,
    options: canonicalImageOptions(options),
    expires: query.expires,
    signature: query.signature,
    now,
  });
  if (check === 'valid') return;
  if (!file.public) throw notThere();
  throw check === 'expired' ? linkExpired() : invalidSignature();
}

const notThere = () => new AppError(404, 'FILE_NOT_FOUND', 'There is no such file in this project.');

/** A signed public address of the file shown with the options of `canonical`, valid until `expiresAt`. */
export function signedLink(secret: string, file: FileRow, canonical: string, expiresAt: Date): string {
  const { expires, signature } = signImageUrl({
    secret,
    project: file.projectId,
    file: file.id,
    version: file.version,
    options: canonical,
    expiresAt,
  });
  const query = [canonical, `v=${file.version}`, `expires=${expires}`, `signature=${signature}`]
    .filter(Boolean)
    .join('&');
  return `/v1/drive/public/${file.projectId}/files/${file.id}?${query}`;
}

type PreviewFormat = (typeof SRCSET_FORMATS)[number];
/** The previews' options never change: their canonical texts are made once, not per image. */
const previewOptions = new Map(
  SRCSET_FORMATS.flatMap((type) =>
    PREVIEW_WIDTHS.map((width) => [`${type}:${width}`, canonicalImageOptions(normaliseImageOptions({ type, width }))]),
  ),
);
const PREVIEW_SRC = { format: 'jpg', width: 400 } as const;

/** Makes the previews of a page of files: signed links that end on the hour after next. */
export function previewLinker(secret: string, now: Date): (file: FileRow) => ImagePreview | null {
  const hour = 3600_000;
  const expiresAt = new Date(Math.ceil((now.getTime() + LINK_HOURS * hour) / hour) * hour);
  return (file) => {
    if (!renders(file)) return null;
    // Past the image's own width one more step is enough (it comes out at the image's width).
    const widths = PREVIEW_WIDTHS.filter((_, i) => i === 0 || !file.width || PREVIEW_WIDTHS[i - 1]! < file.width);
    const links = new Map<string, string>();
    const link = (format: PreviewFormat, width: number) => {
      const key = `${format}:${width}`;
      let made = links.get(key);
      if (!made) links.set(key, (made = signedLink(secret, file, previewOptions.get(key)!, expiresAt)));
      return made;
    };
    return {
      src: link(PREVIEW_SRC.format, PREVIEW_SRC.width),
      sources: SRCSET_FORMATS.map((format) => ({
        type: format === 'webp' ? ('image/webp' as const) : ('image/jpeg' as const),
        srcset: widths.map((width) => `${link(format, width)} ${width}w`).join(', '),
      })),
      expiresAt: expiresAt.toISOString(),
    };
  };
}
