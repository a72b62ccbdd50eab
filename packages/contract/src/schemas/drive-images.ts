import { z } from 'zod';

/*
 * Image reference options (SPEC.md section 3): how the drive renders an image file on request, given
 * as query parameters of the file's address. Every option is optional. A value that is not what its
 * option takes (not a number, a NUL byte, an unknown type, fit or position) is refused (400); a
 * number out of range is clamped, not refused (SPEC.md section 5: width and height are floored at 0,
 * zoom at least 0, the focal point clamped to 0..1), and each number also has an upper bound that
 * clamps, so no request can ask for a 100,000-pixel canvas. The server normalises the parsed query
 * (drive/images/image-options.ts): it fills the defaults below and writes the canonical form that
 * caches and signatures use.
 */

/** Output formats. `jpeg` is taken as another spelling of `jpg`. */
export const IMAGE_TYPES = ['jpg', 'webp', 'png', 'avif'] as const;
export const ImageType = z.enum(IMAGE_TYPES);
export type ImageType = z.infer<typeof ImageType>;

/**
 * How the image fills a box of both width and height (sharp's names): `cover` fills it and crops
 * the rest (around the focal point), `contain` fits inside and fills the rest with the background,
 * `fill` stretches, `inside` fits inside (the result may be smaller than the box), `outside` covers
 * it without cropping (the result may be larger).
 */
export const IMAGE_FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const;
export const ImageFit = z.enum(IMAGE_FITS);
export type ImageFit = z.infer<typeof ImageFit>;

/**
 * Where the image sits: sharp's compass gravities (`center` is taken for `centre`). It places the
 * image in the box of `contain`, in the larger canvas of `extend`, and picks the part `cover` keeps
 * when no focal point is given. sharp's content-based strategies (`attention`, `entropy`) are not
 * offered: they cost an analysis of every render, and the drive has an explicit focal point for
 * saying where the subject is.
 */
export const IMAGE_POSITIONS = [
  'centre',
  'north',
  'northeast',
  'east',
  'southeast',
  'south',
  'southwest',
  'west',
  'northwest',
] as const;
export const ImagePosition = z.enum(IMAGE_POSITIONS);
export type ImagePosition = z.infer<typeof ImagePosition>;

/** SPEC.md section 9: focal 0.5, zoom 1, type jpg. The fit and position when none is asked. */
export const IMAGE_DEFAULTS = {
  focal: 0.5,
  zoom: 1,
  type: 'jpg',
  fit: 'cover',
  position: 'centre',
} as const satisfies { focal: number; zoom: number; type: ImageType; fit: ImageFit; position: ImagePosition };

/** SPEC.md section 9: the formats of an image's srcset, best first. */
export const SRCSET_FORMATS = ['webp', 'jpg'] as const satisfies readonly ImageType[];

/** The largest output side in pixels: a width or height (after zoom) beyond it is brought down to it. */
export const IMAGE_MAX_DIMENSION = 8192;

/** The range each number option is clamped to, and how finely it is kept (`step`). */
export const IMAGE_NUMBER_LIMITS = {
  width: { min: 0, max: IMAGE_MAX_DIMENSION, step: 1 },
  height: { min: 0, max: IMAGE_MAX_DIMENSION, step: 1 },
  zoom: { min: 0, max: 8, step: 0.001 },
  focalX: { min: 0, max: 1, step: 0.0001 },
  focalY: { min: 0, max: 1, step: 0.0001 },
  paddingTop: { min: 0, max: 1000, step: 1 },
  paddingRight: { min: 0, max: 1000, step: 1 },
  paddingBottom: { min: 0, max: 1000, step: 1 },
  paddingLeft: { min: 0, max: 1000, step: 1 },
  dpi: { min: 1, max: 1200, step: 1 },
} as const;
export type ImageNumberOption = keyof typeof IMAGE_NUMBER_LIMITS;

/**
 * A number option brought into its range and rounded to its step (whole pixels, a thousandth of
 * zoom, a ten-thousandth of the focal point), so equal requests normalise alike. An infinity clamps
 * to the nearer end; NaN is not a number and is the caller's to refuse.
 */
export function clampImageNumber(option: ImageNumberOption, value: number): number {
  const { min, max, step } = IMAGE_NUMBER_LIMITS[option];
  const clamped = Math.min(max, Math.max(min, value));
  const decimals = step === 1 ? 0 : Math.round(-Math.log10(step));
  const rounded = Number(clamped.toFixed(decimals));
  // `+ 0` turns a -0 into 0.
  return Math.min(max, Math.max(min, rounded)) + 0;
}

/** A plain decimal number as a query gives it: no hex, no spaces, no `Infinity` spelled out. */
const NUMBER_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

const numberInput = z.union([z.number(), z.string().max(64).regex(NUMBER_TEXT).transform(Number)], {
  error: 'must be a number',
});

const clamped = (option: ImageNumberOption) =>
  numberInput.transform((value) => clampImageNumber(option, value)).optional();

/** Whole quarter turns, clockwise. */
export const IMAGE_ROTATIONS = [0, 90, 180, 270] as const;
export type ImageRotation = (typeof IMAGE_ROTATIONS)[number];

/** A rotation in degrees: a multiple of 90 (negative ones and whole turns are taken), as 0, 90, 180 or 270. */
const Rotation = numberInput
  .refine((deg) => Number.isFinite(deg) && Number.isInteger(deg) && deg % 90 === 0, 'must be a multiple of 90')
  .transform((deg) => ((((deg / 90) % 4) + 4) % 4) * 90 + 0)
  .pipe(z.literal(IMAGE_ROTATIONS));

/** A switch: `true`/`false`, `1`/`0`, `yes`/`no`, `on`/`off`; given empty (`?mirrorX`), it is on. */
const Flag = z
  .union([z.boolean(), z.literal('').transform(() => true), z.stringbool()], {
    error: 'must be true or false (or 1 or 0)',
  })
  .optional();

/** `#rrggbb` or `#rrggbbaa` (the `#` may be left out, as `#` starts a fragment in an address). */
const BACKGROUND_TEXT = /^#?([0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour as the server keeps it: lower case, with `#`, without an opaque alpha (`ff`). */
export function normaliseImageBackground(colour: string): string {
  const hex = colour.replace(/^#/, '').toLowerCase();
  return `#${hex.length === 8 && hex.endsWith('ff') ? hex.slice(0, 6) : hex}`;
}

const Background = z
  .string()
  .regex(BACKGROUND_TEXT, 'must be a colour like #rrggbb or #rrggbbaa')
  .transform(normaliseImageBackground)
  .optional();

/** The longest signature taken: an HMAC-SHA256 in base64url is 43 characters. */
const SIGNATURE_MAX = 128;

export const ImageOptionsQuery = z.object({
  /** The output format; by default the original's (when nothing else is asked), otherwise jpg. */
  type: z
    .enum([...IMAGE_TYPES, 'jpeg'])
    .transform((type): ImageType => (type === 'jpeg' ? 'jpg' : type))
    .optional(),
  /** Pixels of the output; 0 or none: follows from the other side (or the original). Never beyond the original's. */
  width: clamped('width'),
  height: clamped('height'),
  /** Multiplies the output size (2 for a double-density screen), still never beyond the original's pixels. */
  zoom: clamped('zoom'),
  /** Where the subject is, as a fraction of the original's width and height: `cover` keeps it in view. */
  focalX: clamped('focalX'),
  focalY: clamped('focalY'),
  /** Pixels of background added around the result. */
  paddingTop: clamped('paddingTop'),
  paddingRight: clamped('paddingRight'),
  paddingBottom: clamped('paddingBottom'),
  paddingLeft: clamped('paddingLeft'),
  /** Mirror left-right. */
  mirrorX: Flag,
  /** Mirror top-bottom. */
  mirrorY: Flag,
  rotate: Rotation.optional(),
  /** Turn upside down, as a reflection in water (a top-bottom flip; with `mirrorY` they cancel). */
  reflect: Flag,
  /** When the image comes out smaller than the width and height asked, widen the canvas to them. */
  extend: Flag,
  /** Dots per inch written into the output's metadata (the pixels are not changed). */
  dpi: clamped('dpi'),
  fit: ImageFit.optional(),
  position: z
    .enum([...IMAGE_POSITIONS, 'center'])
    .transform((position): ImagePosition => (position === 'center' ? 'centre' : position))
    .optional(),
  /** The colour of padding, of the canvas `contain` and `extend` add, and behind transparency in a jpg. */
  background: Background,
  /** A signed address: when it stops working, in unix seconds. */
  expires: z
    .union([z.number().int().min(0), z.string().regex(/^\d{1,12}$/, 'must be a time in unix seconds')])
    .transform(Number)
    .optional(),
  /** A signed address: the base64url HMAC-SHA256 of the file, its version, the options and `expires`. */
  signature: z
    .string()
    .min(1, 'must not be empty')
    .max(SIGNATURE_MAX, 'is not a signature')
    .regex(/^[A-Za-z0-9_-]+$/, 'is not a signature')
    .optional(),
});
/** The options as parsed: numbers clamped, names normalised, every one still optional. */
export type ImageOptionsQuery = z.output<typeof ImageOptionsQuery>;
/** The options as a caller writes them. */
export type ImageOptionsQueryInput = z.input<typeof ImageOptionsQuery>;
