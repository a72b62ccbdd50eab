import {
  clampImageNumber,
  IMAGE_DEFAULTS,
  IMAGE_FITS,
  IMAGE_POSITIONS,
  IMAGE_TYPES,
  normaliseImageBackground,
  type ImageFit,
  type ImageNumberOption,
  type ImagePosition,
  type ImageRotation,
  type ImageType,
} from '@wharf/contract';

/*
 * The image options of a request (SPEC.md section 3), normalised: clamped, defaulted and reduced so
 * that two requests that render the same image normalise to the same options, and so to the same
 * canonical text — the part of the cache key that names the rendering, and the text a signed
 * address's signature covers (signed-urls.ts).
 *
 * What the options mean (after imgproxy's options of the same names):
 * - width and height are of the output, in pixels; 0 is "follow the other side" (both 0: the
 *   original's size). zoom multiplies them (or, without them, the original's size). The image is
 *   never enlarged beyond its own pixels: a larger box gives the original's size, which `extend`
 *   (or `contain`) can then pad out to the box.
 * - fit says how the image fills a box of both width and height; `cover` keeps the focal point
 *   (focalX, focalY: fractions of the original's width and height) as near the centre as it can,
 *   or, when the focal point is the default centre, the part `position` names.
 * - mirrorX flips left-right, mirrorY and reflect flip top-bottom, rotate turns clockwise by
 *   quarter turns, after mirroring. width, height and position describe the output as turned.
 * - padding adds pixels of `background` around the result; dpi only sets the density metadata.
 */

/** The options of one rendering, every one present. */
export interface ImageOptions {
  /**
   * The output format. null only when nothing else is asked either: the original as it is, in its
   * own format; once anything else is asked, a type not given is the SPEC default (jpg).
   */
  type: ImageType | null;
  width: number;
  height: number;
  zoom: number;
  focalX: number;
  focalY: number;
  paddingTop: number;
  paddingRight: number;
  paddingBottom: number;
  paddingLeft: number;
  mirrorX: boolean;
  mirrorY: boolean;
  rotate: ImageRotation;
  reflect: boolean;
  extend: boolean;
  /** null: no density written. */
  dpi: number | null;
  fit: ImageFit;
  position: ImagePosition;
  /** `#rrggbb` or `#rrggbbaa`, lower case; null: white behind a jpg, transparent otherwise. */
  background: string | null;
}

/** What normaliseImageOptions takes: the parsed query (ImageOptionsQuery), or any part of ImageOptions. */
export type ImageOptionsInput = { [K in keyof ImageOptions]?: ImageOptions[K] | undefined };

const NUMBER_OPTIONS = [
  'width',
  'height',
  'zoom',
  'focalX',
  'focalY',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
] as const satisfies readonly ImageNumberOption[];

const FLAG_OPTIONS = ['mirrorX', 'mirrorY', 'reflect', 'extend'] as const;

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

const isNumber = (value: unknown): value is number => typeof value === 'number' && !Number.isNaN(value);

function typeOf(value: unknown): ImageType | null {
  if (value === 'jpeg') return 'jpg';
  return isOneOf(IMAGE_TYPES, value) ? value : null;
}

function rotationOf(value: unknown): ImageRotation {
  if (!isNumber(value) || !Number.isFinite(value)) return 0;
  return ((((Math.round(value / 90) % 4) + 4) % 4) * 90 + 0) as ImageRotation;
}

function backgroundOf(value: unknown): string | null {
  return typeof value === 'string' && /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)
    ? normaliseImageBackground(value)
    : null;
}

/** The default options: the original as it is. */
export const ORIGINAL_IMAGE_OPTIONS: Readonly<ImageOptions> = Object.freeze({
  type: null,
  width: 0,
  height: 0,
  zoom: IMAGE_DEFAULTS.zoom,
  focalX: IMAGE_DEFAULTS.focal,
  focalY: IMAGE_DEFAULTS.focal,
  paddingTop: 0,
  paddingRight: 0,
  paddingBottom: 0,
  paddingLeft: 0,
  mirrorX: false,
  mirrorY: false,
  rotate: 0,
  reflect: false,
  extend: false,
  dpi: null,
  fit: IMAGE_DEFAULTS.fit,
  position: IMAGE_DEFAULTS.position,
  background: null,
});

/**
 * The options of a request, every one present: numbers clamped (SPEC.md section 5, and the upper
 * bounds of the contract), defaults filled in (SPEC.md section 9), and reduced to one form among
 * those that render alike:
 * - reflect and mirrorY are the same flip, and a flip top-bottom is a flip left-right turned half
 *   way round: the flips and turns come out as mirrorX and rotate only (mirrorY, reflect false);
 * - what has no effect is set to its default: without width and height, fit, position, focal point,
 *   extend and a zoom above 1 (nothing is enlarged); with one of them, fit and the focal point; the
 *   focal point unless fit is cover; position where nothing is placed or cropped by it; extend
 *   with contain (which fills the box anyway);
 * - type is null only when nothing else is asked (see ImageOptions.type).
 * Anything not of its option's kind is taken as not given.
 */
export function normaliseImageOptions(query: ImageOptionsInput = {}): ImageOptions {
  const o: ImageOptions = { ...ORIGINAL_IMAGE_OPTIONS };
  for (const name of NUMBER_OPTIONS) {
    const value = query[name];
    if (isNumber(value)) o[name] = clampImageNumber(name, value);
  }
  for (const name of FLAG_OPTIONS) o[name] = query[name] === true;
  if (isNumber(query.dpi)) o.dpi = clampImageNumber('dpi', query.dpi);
  o.rotate = rotationOf(query.rotate);
  if (isOneOf(IMAGE_FITS, query.fit)) o.fit = query.fit;
  const position = (query.position as unknown) === 'center' ? 'centre' : query.position;
  if (isOneOf(IMAGE_POSITIONS, position)) o.position = position;
  o.background = backgroundOf(query.background);

  // Flips and turns: output = rotate ∘ mirrorX ∘ mirrorY, and mirrorY = rotate 180 ∘ mirrorX.
  const flipTopBottom = o.mirrorY !== o.reflect;
  if (flipTopBottom) {
    o.mirrorX = !o.mirrorX;
    o.rotate = ((o.rotate + 180) % 360) as ImageRotation;
  }
  o.mirrorY = false;
  o.reflect = false;

  const sides = (o.width > 0 ? 1 : 0) + (o.height > 0 ? 1 : 0);
  const focalIsDefault = o.focalX === IMAGE_DEFAULTS.focal && o.focalY === IMAGE_DEFAULTS.focal;
  if (sides < 2) o.fit = IMAGE_DEFAULTS.fit;
  if (sides === 0) {
    o.extend = false;
    if (o.zoom > 1) o.zoom = 1;
  }
  if (o.fit === 'contain') o.extend = false;
  if (sides < 2 || o.fit !== 'cover') {
    o.focalX = IMAGE_DEFAULTS.focal;
    o.focalY = IMAGE_DEFAULTS.focal;
  }
  const positionPlaces = o.extend || (sides === 2 && (o.fit === 'contain' || (o.fit === 'cover' && focalIsDefault)));
  if (!positionPlaces) o.position = IMAGE_DEFAULTS.position;

  const type = typeOf(query.type);
  o.type = type ?? (isOriginalShape(o) ? null : IMAGE_DEFAULTS.type);
  return o;
}

/** Whether the options, but for type, ask for the original's pixels unchanged. */
function isOriginalShape(o: ImageOptions): boolean {
  return (
    o.width === 0 &&
    o.height === 0 &&
    o.zoom === IMAGE_DEFAULTS.zoom &&
    o.paddingTop === 0 &&
    o.paddingRight === 0 &&
    o.paddingBottom === 0 &&
    o.paddingLeft === 0 &&
    !o.mirrorX &&
    !o.mirrorY &&
    !o.reflect &&
    o.rotate === 0 &&
    o.dpi === null &&
    o.background === null
  );
}

/** The image type of a format name (sharp's, a MIME type's subtype, or a file extension). */
export function imageTypeOfFormat(format: string | null | undefined): ImageType | null {
  const name = (format ?? '').toLowerCase().replace(/^image\//, '');
  return typeOf(name === 'pjpeg' ? 'jpg' : name);
}

/**
 * Whether normalised options ask for nothing beyond the original: its own pixels, metadata and
 * format. Such a request serves the stored file as it is, and needs no signature for a public
 * file; anything else is a rendering, which needs one. `sourceFormat` is the stored file's format
 * (`jpeg`, `png`, `image/webp`...): a type equal to it is no conversion. Without it, only a request
 * that asks no type is the original.
 */
export function isOriginal(options: ImageOptions, sourceFormat?: string | null): boolean {
  if (!isOriginalShape(options)) return false;
  return options.type === null || options.type === imageTypeOfFormat(sourceFormat);
}

/** The output format of a rendering (a type not given is the SPEC default). */
export const outputType = (options: ImageOptions): ImageType => options.type ?? IMAGE_DEFAULTS.type;

/**
 * The canonical text of normalised options: `name=value` pairs joined by `&` in a fixed order,
 * leaving out every option at its default (so the original is the empty string). Values are as the
 * query takes them (numbers in shortest form, flags `1`, the background without `#`), so the text
 * is also a query string that parses back to the same options.
 */
export function canonicalImageOptions(options: ImageOptions): string {
  const o = options;
  const d = ORIGINAL_IMAGE_OPTIONS;
  const unlessDefault = <K extends keyof ImageOptions>(name: K): [K, ImageOptions[K] | null] => [
    name,
    o[name] === d[name] ? null : o[name],
  ];
  const pairs = [
    unlessDefault('type'),
    unlessDefault('width'),
    unlessDefault('height'),
    unlessDefault('zoom'),
    unlessDefault('fit'),
    unlessDefault('focalX'),
    unlessDefault('focalY'),
    unlessDefault('position'),
    unlessDefault('extend'),
    unlessDefault('paddingTop'),
    unlessDefault('paddingRight'),
    unlessDefault('paddingBottom'),
    unlessDefault('paddingLeft'),
    unlessDefault('mirrorX'),
    unlessDefault('mirrorY'),
    unlessDefault('reflect'),
    unlessDefault('rotate'),
    unlessDefault('dpi'),
    unlessDefault('background'),
  ];
  return pairs
    .filter(([, value]) => value !== null)
    .map(([name, value]) => {
      const text = value === true ? '1' : name === 'background' ? String(value).slice(1) : String(value);
      return `${name}=${text}`;
    })
    .join('&');
}
