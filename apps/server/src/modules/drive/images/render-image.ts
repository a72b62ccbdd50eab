import type { Readable } from 'node:stream';
import { IMAGE_DEFAULTS, IMAGE_MAX_DIMENSION, type ImagePosition, type ImageType } from '@wharf/contract';
import sharp, { type Metadata } from 'sharp';
import { outputType, type ImageOptions } from './image-options.js';

/*
 * Renders an image file as normalised image options ask (image-options.ts explains what each
 * means), with sharp. The source is read whole, its header checked against the pixel limit before
 * anything is decoded (a decompression bomb declares a huge size in a small file), then:
 * EXIF orientation is applied; the image is scaled (never beyond its own pixels); mirrored and
 * turned; cropped (fit cover) around the focal point; padded out to the box (contain, extend) and
 * by the padding; and written in the asked format. No metadata of the source is kept (no EXIF, so
 * no GPS position; no ICC profile: the output is sRGB), only the density when dpi is asked.
 *
 * Quality: jpg 80 (libjpeg-turbo without mozjpeg's slower trellis settings, progressive), webp 80,
 * avif 50 (about the same look as jpg 80, at effort 4), png lossless at compression level 6.
 */

export interface RenderImageLimits {
  /** The most pixels (width × height) a source may have; a larger one is refused before decoding. */
  maxPixels: number;
  /** Bytes of a streamed source read at most (default 256 MiB); a larger one is refused. */
  maxInputBytes?: number;
  /** Seconds a rendering may take before it is abandoned (default 30). */
  timeoutSeconds?: number;
}

export interface RenderedImage {
  body: Buffer;
  contentType: string;
  type: ImageType;
  width: number;
  height: number;
}

export interface ProbedImage {
  /** As shown: after the EXIF orientation. */
  width: number;
  height: number;
  /** sharp's name of the format, with `jpg` for jpeg and `avif` for AV1 HEIF (`png`, `webp`, `gif`, `svg`...). */
  format: string;
}

/**
 * Why an image could not be rendered: not an image sharp reads (or a broken one), larger than the
 * limits, or taking longer than the time allowed.
 */
export class ImageRenderError extends Error {
  constructor(
    readonly code: 'IMAGE_UNREADABLE' | 'IMAGE_TOO_LARGE' | 'IMAGE_TIMEOUT',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ImageRenderError';
  }
}

const DEFAULT_MAX_INPUT_BYTES = 256 * 1024 * 1024;
const DEFAULT_TIMEOUT_SECONDS = 30;

export const IMAGE_CONTENT_TYPES: Record<ImageType, string> = {
  jpg: 'image/jpeg',
  webp: 'image/webp',
  png: 'image/png',
  avif: 'image/avif',
};

async function readAll(input: Readable | Buffer, maxBytes: number): Promise<Buffer> {
  if (Buffer.isBuffer(input)) return input;
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of input as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) throw new ImageRenderError('IMAGE_TOO_LARGE', `The image is larger than ${maxBytes} bytes.`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

/**
 * The size and format of an image, or undefined when sharp cannot read it. Only the header is read
 * (nothing is decoded, so a huge declared size is answered, not refused), but some formats (webp,
 * gif, tiff) need the whole file at hand: a stream is read whole, and one longer than
 * `maxInputBytes` is answered undefined. Call it for files whose type says image.
 */
export async function probeImage(
  input: Readable | Buffer,
  { maxInputBytes = DEFAULT_MAX_INPUT_BYTES }: { maxInputBytes?: number } = {},
): Promise<ProbedImage | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readAll(input, maxInputBytes);
  } catch (error) {
    if (error instanceof ImageRenderError) return undefined;
    throw error;
  }
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    const { width, height } = meta.autoOrient ?? meta;
    if (!meta.format || !width || !height) return undefined;
    const format =
      meta.format === 'jpeg' ? 'jpg' : meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
    return { width, height, format };
  } catch {
    return undefined;
  }
}

// Geometry ----------------------------------------------------------------------------------------

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface Plan {
  /** The size to scale the (upright) source to, in its own orientation; null: its own size. */
  resize: { width: number; height: number } | null;
  /** The part kept, in the output's orientation (after mirroring and turning). */
  crop: Rect | null;
  /** Pixels added on each side: padding, and the canvas of contain and extend. */
  extend: { top: number; right: number; bottom: number; left: number };
}

/** Where a position sits, as fractions of the width and height. */
const GRAVITY: Record<ImagePosition, readonly [number, number]> = {
  centre: [0.5, 0.5],
  north: [0.5, 0],
  northeast: [1, 0],
  east: [1, 0.5],
  southeast: [1, 1],
  south: [0.5, 1],
  southwest: [0, 1],
  west: [0, 0.5],
  northwest: [0, 0],
};

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const scaled = (side: number, factor: number) => Math.max(1, Math.round(side * factor));

/** A point of the output (fractions) as a point of the upright source: the turn and flips undone. */
function sourcePoint([u, v]: readonly [number, number], o: ImageOptions): [number, number] {
  let [x, y] =
    o.rotate === 90 ? [v, 1 - u] : o.rotate === 180 ? [1 - u, 1 - v] : o.rotate === 270 ? [1 - v, u] : [u, v];
  if (o.mirrorX) x = 1 - x;
  if (o.mirrorY !== o.reflect) y = 1 - y;
  return [x, y];
}

/** A rectangle of the scaled source (w × h) as a rectangle of the output: flipped, then turned. */
function outputRect(rect: Rect, w: number, h: number, o: ImageOptions): Rect {
  let { left, top } = rect;
  const { width, height } = rect;
  if (o.mirrorY !== o.reflect) top = h - top - height;
  if (o.mirrorX) left = w - left - width;
  switch (o.rotate) {
    case 90:
      return { left: h - top - height, top: left, width: height, height: width };
    case 180:
      return { left: w - left - width, top: h - top - height, width, height };
    case 270:
      return { left: top, top: w - left - width, width: height, height: width };
    default:
      return { left, top, width, height };
  }
}

function planRender(sourceWidth: number, sourceHeight: number, o: ImageOptions, maxPixels: number): Plan {
  const turned = o.rotate === 90 || o.rotate === 270;
  // The box, in the output's orientation: width and height times zoom, kept within the limits.
  let boxW = o.width * o.zoom;
  let boxH = o.height * o.zoom;
  const longest = Math.max(boxW, boxH);
  if (longest > IMAGE_MAX_DIMENSION) {
    boxW *= IMAGE_MAX_DIMENSION / longest;
    boxH *= IMAGE_MAX_DIMENSION / longest;
  }
  if (boxW > 0 && boxH > 0 && boxW * boxH > maxPixels) {
    const factor = Math.sqrt(maxPixels / (boxW * boxH));
    boxW *= factor;
    boxH *= factor;
  }
  boxW = o.width > 0 ? Math.max(1, Math.round(boxW)) : 0;
  boxH = o.height > 0 ? Math.max(1, Math.round(boxH)) : 0;
  // The box in the source's orientation.
  const [sw, sh] = [sourceWidth, sourceHeight];
  const [bw, bh] = turned ? [boxH, boxW] : [boxW, boxH];
  const both = bw > 0 && bh > 0;
  const fit = both ? o.fit : 'inside';

  let rw: number;
  let rh: number;
  if (bw === 0 && bh === 0) {
    const factor = Math.min(o.zoom, 1);
    rw = scaled(sw, factor);
    rh = scaled(sh, factor);
  } else if (fit === 'fill') {
    rw = Math.min(bw, sw);
    rh = Math.min(bh, sh);
  } else {
    const sx = bw > 0 ? bw / sw : Infinity;
    const sy = bh > 0 ? bh / sh : Infinity;
    const factor = Math.min(1, fit === 'cover' || fit === 'outside' ? Math.max(sx, sy) : Math.min(sx, sy));
    rw = scaled(sw, factor);
    rh = scaled(sh, factor);
    if (fit === 'inside' || fit === 'contain') {
      if (bw > 0) rw = Math.min(rw, bw);
      if (bh > 0) rh = Math.min(rh, bh);
    }
  }

  let crop: Rect | null = null;
  let [cw, ch] = [rw, rh];
  if (fit === 'cover') {
    // The box, or (a source smaller than the box is not enlarged) the largest part of its shape.
    const k = Math.min(1, rw / bw, rh / bh);
    cw = Math.max(1, Math.min(rw, Math.round(bw * k)));
    ch = Math.max(1, Math.min(rh, Math.round(bh * k)));
  }
  if (cw < rw || ch < rh) {
    const focalGiven = o.focalX !== IMAGE_DEFAULTS.focal || o.focalY !== IMAGE_DEFAULTS.focal;
    const [fx, fy] = focalGiven ? [o.focalX, o.focalY] : sourcePoint(GRAVITY[o.position], o);
    const left = clamp(Math.round(fx * rw - cw / 2), 0, rw - cw);
    const top = clamp(Math.round(fy * rh - ch / 2), 0, rh - ch);
    crop = outputRect({ left, top, width: cw, height: ch }, rw, rh, o);
  }

  // The canvas, in the output's orientation.
  const [ow, oh] = turned ? [ch, cw] : [cw, ch];
  let [tw, th] = [ow, oh];
  if (o.extend || (fit === 'contain' && both)) {
    if (boxW > 0) tw = Math.max(tw, boxW);
    if (boxH > 0) th = Math.max(th, boxH);
  }
  const [gx, gy] = GRAVITY[o.position];
  const left = Math.floor((tw - ow) * gx);
  const top = Math.floor((th - oh) * gy);
  return {
    resize: rw === sw && rh === sh && !crop ? null : { width: rw, height: rh },
    crop,
    extend: {
      top: top + o.paddingTop,
      right: tw - ow - left + o.paddingRight,
      bottom: th - oh - top + o.paddingBottom,
      left: left + o.paddingLeft,
    },
  };
}

// Rendering ---------------------------------------------------------------------------------------

/** A `#rrggbb[aa]` colour as sharp takes it. */
function colour(hex: string): { r: number; g: number; b: number; alpha: number } {
  const value = hex.replace(/^#/, '');
  const byte = (at: number) => parseInt(value.slice(at, at + 2), 16);
  return { r: byte(0), g: byte(2), b: byte(4), alpha: value.length === 8 ? byte(6) / 255 : 1 };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The image rendered as the (normalised) options ask. Throws ImageRenderError: IMAGE_UNREADABLE when
 * sharp cannot read the source, IMAGE_TOO_LARGE when it has more than `maxPixels` pixels (or more
 * than `maxInputBytes` bytes), IMAGE_TIMEOUT past `timeoutSeconds`.
 */
export async function renderImage(
  input: Readable | Buffer,
  options: ImageOptions,
  limits: RenderImageLimits,
): Promise<RenderedImage> {
  const { maxPixels, maxInputBytes = DEFAULT_MAX_INPUT_BYTES, timeoutSeconds = DEFAULT_TIMEOUT_SECONDS } = limits;
  const bytes = await readAll(input, maxInputBytes);

  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new ImageRenderError('IMAGE_UNREADABLE', 'The file is not an image that can be rendered.', { cause: error });
  }
  const { width: sourceWidth, height: sourceHeight } = meta.autoOrient ?? meta;
  if (!sourceWidth || !sourceHeight)
    throw new ImageRenderError('IMAGE_UNREADABLE', 'The file is not an image that can be rendered.');
  if (sourceWidth * sourceHeight > maxPixels)
    throw new ImageRenderError('IMAGE_TOO_LARGE', `The image has more than ${maxPixels} pixels.`);

  const type = outputType(options);
  const plan = planRender(sourceWidth, sourceHeight, options, maxPixels);
  const given = options.background === null ? null : colour(options.background);
  // jpg has no transparency: its background is opaque (white unless asked).
  const background =
    type === 'jpg' ? { ...(given ?? { r: 255, g: 255, b: 255 }), alpha: 1 } : (given ?? { r: 0, g: 0, b: 0, alpha: 0 });

  const image = sharp(bytes, { limitInputPixels: maxPixels }).autoOrient().timeout({ seconds: timeoutSeconds });
  if (type === 'jpg' || background.alpha === 1) {
    image.flatten({ background: { r: background.r, g: background.g, b: background.b } });
  }
  // Scaling first, so the flips, turn and crop below come after it (sharp's order of operations).
  if (plan.resize) image.resize({ ...plan.resize, fit: 'fill' });
  if (options.mirrorX) image.flop();
  if (options.mirrorY !== options.reflect) image.flip();
  if (options.rotate !== 0) image.rotate(options.rotate);
  if (plan.crop) image.extract(plan.crop);
  const { extend } = plan;
  if (extend.top || extend.right || extend.bottom || extend.left) image.extend({ ...extend, background });
  if (options.dpi !== null) {
    // The density goes into EXIF (and the JFIF or pHYs header): start from an empty EXIF, so none
    // of the source's (its GPS position, its camera) comes along.
    image.withExif({}).withDensity(options.dpi);
  }
  switch (type) {
    case 'jpg':
      image.jpeg({ quality: 80, mozjpeg: false, progressive: true });
      break;
    case 'webp':
      image.webp({ quality: 80, effort: 4 });
      break;
    case 'png':
      image.png({ compressionLevel: 6 });
      break;
    case 'avif':
      image.avif({ quality: 50, effort: 4 });
      break;
  }

  try {
    const body = await image.toBuffer();
    // The size from the output's header: sharp's own report leaves out an extend after an extract.
    const { width, height } = await sharp(body, { limitInputPixels: false }).metadata();
    return { body, contentType: IMAGE_CONTENT_TYPES[type], type, width, height };
  } catch (error) {
    const text = errorText(error);
    if (/pixel limit/i.test(text))
      throw new ImageRenderError('IMAGE_TOO_LARGE', `The image has more than ${maxPixels} pixels.`, { cause: error });
    if (/timeout/i.test(text))
      throw new ImageRenderError('IMAGE_TIMEOUT', `Rendering took more than ${timeoutSeconds} s.`, { cause: error });
    throw new ImageRenderError('IMAGE_UNREADABLE', 'The image could not be rendered.', { cause: error });
  }
}
