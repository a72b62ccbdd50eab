import { Readable } from 'node:stream';
import { ImageOptionsQuery } from '@wharf/contract';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { normaliseImageOptions, type ImageOptions } from './image-options.js';
import { ImageRenderError, probeImage, renderImage } from './render-image.js';

/*
 * Test images are made with sharp itself. The main one is 1200 × 800 in four coloured quadrants
 * (red top-left, green top-right, blue bottom-left, yellow bottom-right), so where a region of the
 * output came from shows in the colour of a pixel.
 */

type Rgb = readonly [number, number, number];
const COLOURS: Record<string, Rgb> = {
  red: [255, 0, 0],
  green: [0, 255, 0],
  blue: [0, 0, 255],
  yellow: [255, 255, 0],
  white: [255, 255, 255],
  black: [0, 0, 0],
  magenta: [255, 0, 255],
};

function quadrantPixels(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const top = y < height / 2;
      const left = x < width / 2;
      const colour = top ? (left ? COLOURS.red : COLOURS.green) : left ? COLOURS.blue : COLOURS.yellow;
      data.set(colour!, (y * width + x) * 3);
    }
  }
  return data;
}

const quadrants = (width: number, height: number) =>
  sharp(quadrantPixels(width, height), { raw: { width, height, channels: 3 } });

const plain = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/** The name of the test colour nearest a pixel (and its alpha), read from an encoded image. */
async function colourAt(image: Buffer, x: number, y: number): Promise<string> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  const [r, g, b, alpha] = [data[at]!, data[at + 1]!, data[at + 2]!, data[at + 3]!];
  if (alpha < 128) return 'transparent';
  let best = '';
  let bestDistance = Infinity;
  for (const [name, [cr, cg, cb]] of Object.entries(COLOURS)) {
    const distance = (r - cr) ** 2 + (g - cg) ** 2 + (b - cb) ** 2;
    if (distance < bestDistance) [best, bestDistance] = [name, distance];
  }
  return best;
}

const MAX_PIXELS = 50_000_000;
const options = (query: Record<string, unknown>): ImageOptions => normaliseImageOptions(ImageOptionsQuery.parse(query));
const render = (source: Buffer, query: Record<string, unknown>) =>
  renderImage(source, options(query), { maxPixels: MAX_PIXELS });

/** A table of CRC-32 (PNG's) for rewriting a PNG header. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small PNG whose header declares width × height: a decompression bomb's first bytes. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await plain(1, 1, '#000000').png().toBuffer());
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4), ..., CRC after 13 data bytes.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The XResolution (tag 0x011a) of IFD0 of an EXIF block (`Exif\0\0` and a TIFF structure). */
function exifXResolution(exif: Buffer): number | undefined {
  const tiff = exif.subarray(6);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  for (let entry = 0; entry < u16(ifd); entry++) {
    const at = ifd + 2 + entry * 12;
    if (u16(at) === 0x011a) return u32(u32(at + 8)) / u32(u32(at + 8) + 4);
  }
  return undefined;
}

let source: Buffer;
beforeAll(async () => {
  source = await quadrants(1200, 800).png().toBuffer();
});

describe('renderImage', () => {
  it('outputs a jpg with EXIF orientation 6 upright (turned a quarter clockwise)', async () => {
    const stored = await quadrants(1200, 800).jpeg({ quality: 95 }).withMetadata({ orientation: 6 }).toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    const out = await render(stored, { type: 'jpg' });
    expect([out.width, out.height]).toEqual([800, 1200]);
    const meta = await sharp(out.body).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([800, 1200, undefined]);
    // Stored top-left (red) is shown top-right; stored bottom-left (blue) top-left.
    expect(await colourAt(out.body, 790, 10)).toBe('red');
    expect(await colourAt(out.body, 10, 10)).toBe('blue');
    expect(await colourAt(out.body, 10, 1190)).toBe('yellow');
    // Sizes are of the image as shown.
    const sized = await render(stored, { width: '400' });
    expect([sized.width, sized.height]).toEqual([400, 600]);
  });

  it('renders width 400 as a 400 px wide webp', async () => {
    const out = await render(source, { type: 'webp', width: '400' });
    expect(out.contentType).toBe('image/webp');
    expect(out.body.subarray(0, 4).toString('latin1')).toBe('RIFF');
    expect(out.body.subarray(8, 12).toString('latin1')).toBe('WEBP');
    const meta = await sharp(out.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 267]);
    expect([out.width, out.height]).toEqual([400, 267]);
  });

  it('writes png and avif', async () => {
    const png = await render(source, { type: 'png', width: '120' });
    expect(png.contentType).toBe('image/png');
    expect(png.body.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(await colourAt(png.body, 5, 5)).toBe('red');

    const avif = await render(source, { type: 'avif', width: '120' });
    expect(avif.contentType).toBe('image/avif');
    expect(avif.body.subarray(4, 12).toString('latin1')).toBe('ftypavif');
    const meta = await sharp(avif.body).metadata();
    expect([meta.format, meta.compression, meta.width, meta.height]).toEqual(['heif', 'av1', 120, 80]);
    expect(await colourAt(avif.body, 110, 70)).toBe('yellow');
  });

  it('renders a jpg by default once something is asked, starting with the jpg magic bytes', async () => {
    const out = await render(source, { width: '60' });
    expect(out.contentType).toBe('image/jpeg');
    expect([...out.body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('crops cover around the focal point: 0,0 keeps the top-left, 1,1 the bottom-right', async () => {
    // 1200 × 800 covers 100 × 300 at 450 × 300: a 100 px strip is kept from the left or the right.
    const topLeft = await render(source, { type: 'png', width: '100', height: '300', focalX: '0', focalY: '0' });
    const bottomRight = await render(source, { type: 'png', width: '100', height: '300', focalX: '1', focalY: '1' });
    expect([topLeft.width, topLeft.height]).toEqual([100, 300]);
    expect([bottomRight.width, bottomRight.height]).toEqual([100, 300]);
    expect(await colourAt(topLeft.body, 50, 50)).toBe('red');
    expect(await colourAt(topLeft.body, 50, 250)).toBe('blue');
    expect(await colourAt(bottomRight.body, 50, 50)).toBe('green');
    expect(await colourAt(bottomRight.body, 50, 250)).toBe('yellow');

    // 300 × 100 from 300 × 200: a band from the top or the bottom.
    const top = await render(source, { type: 'png', width: '300', height: '100', focalX: '0', focalY: '0' });
    const bottom = await render(source, { type: 'png', width: '300', height: '100', focalX: '1', focalY: '1' });
    expect(await colourAt(top.body, 50, 90)).toBe('red');
    expect(await colourAt(bottom.body, 50, 10)).toBe('blue');
  });

  it('crops cover by position when no focal point is given, in the output as turned and mirrored', async () => {
    const east = await render(source, { type: 'png', width: '100', height: '300', position: 'east' });
    expect(await colourAt(east.body, 50, 50)).toBe('green');
    // Mirrored, the output's east is the original's west.
    const mirrored = await render(source, { type: 'png', width: '100', height: '300', position: 'east', mirrorX: '1' });
    expect(await colourAt(mirrored.body, 50, 50)).toBe('red');
    expect(await colourAt(mirrored.body, 50, 250)).toBe('blue');
    // Turned a quarter clockwise, the output's north is the original's west.
    const turned = await render(source, { type: 'png', width: '300', height: '100', position: 'north', rotate: '90' });
    expect([turned.width, turned.height]).toEqual([300, 100]);
    expect(await colourAt(turned.body, 10, 50)).toBe('blue');
    expect(await colourAt(turned.body, 290, 50)).toBe('red');
  });

  it('keeps the focal point, a place in the original, through turns and mirrors', async () => {
    // The focal point 0,0 is the original's red corner, wherever the output shows it.
    const turned = await render(source, {
      type: 'png',
      width: '300',
      height: '100',
      focalX: '0',
      focalY: '0',
      rotate: '90',
    });
    expect([turned.width, turned.height]).toEqual([300, 100]);
    expect(await colourAt(turned.body, 290, 50)).toBe('red');
    expect(await colourAt(turned.body, 10, 50)).toBe('blue');
    const mirrored = await render(source, {
      type: 'png',
      width: '100',
      height: '300',
      focalX: '0',
      focalY: '0',
      mirrorX: '1',
    });
    expect(await colourAt(mirrored.body, 50, 50)).toBe('red');
  });

  it('renders un-normalised flips as their normal form does', async () => {
    const asked = { type: 'png', width: '100', height: '300', position: 'southeast', mirrorY: '1', rotate: '90' };
    const raw = { ...normaliseImageOptions({}), ...ImageOptionsQuery.parse(asked), type: 'png' as const };
    const [a, b] = await Promise.all([
      renderImage(source, raw as ImageOptions, { maxPixels: MAX_PIXELS }),
      render(source, asked),
    ]);
    const pixels = (body: Buffer) => sharp(body).raw().toBuffer();
    expect((await pixels(a.body)).equals(await pixels(b.body))).toBe(true);
  });

  it('mirrors left-right and top-bottom', async () => {
    const mirrorX = await render(source, { type: 'png', mirrorX: '1' });
    expect([mirrorX.width, mirrorX.height]).toEqual([1200, 800]);
    expect(await colourAt(mirrorX.body, 10, 10)).toBe('green');
    const mirrorY = await render(source, { type: 'png', mirrorY: '1' });
    expect(await colourAt(mirrorY.body, 10, 10)).toBe('blue');
    const reflect = await render(source, { type: 'png', reflect: '1' });
    expect(await colourAt(reflect.body, 10, 10)).toBe('blue');
  });

  it('turns by quarter turns, swapping width and height', async () => {
    const out = await render(source, { type: 'png', rotate: '90' });
    expect([out.width, out.height]).toEqual([800, 1200]);
    expect(await colourAt(out.body, 10, 10)).toBe('blue');
    expect(await colourAt(out.body, 790, 10)).toBe('red');
    const sized = await render(source, { type: 'png', rotate: '270', width: '200' });
    expect([sized.width, sized.height]).toEqual([200, 300]);
    expect(await colourAt(sized.body, 10, 10)).toBe('green');
  });

  it('adds padding in the background colour', async () => {
    const white = await plain(100, 100, '#ffffff').png().toBuffer();
    const out = await render(white, {
      type: 'png',
      paddingTop: '10',
      paddingRight: '5',
      paddingBottom: '0',
      paddingLeft: '20',
      background: '#ff00ff',
    });
    expect([out.width, out.height]).toEqual([125, 110]);
    expect(await colourAt(out.body, 5, 5)).toBe('magenta');
    expect(await colourAt(out.body, 10, 50)).toBe('magenta');
    expect(await colourAt(out.body, 122, 50)).toBe('magenta');
    expect(await colourAt(out.body, 60, 60)).toBe('white');
    expect(await colourAt(out.body, 60, 109)).toBe('white');
  });

  it('pads with transparency in png without a background, and with white in jpg', async () => {
    const red = await plain(50, 50, '#ff0000').png().toBuffer();
    const png = await render(red, { type: 'png', paddingTop: '10' });
    expect(await colourAt(png.body, 25, 5)).toBe('transparent');
    expect(await colourAt(png.body, 25, 30)).toBe('red');
    const jpg = await render(red, { type: 'jpg', paddingTop: '10' });
    expect(await colourAt(jpg.body, 25, 3)).toBe('white');
  });

  it('puts a transparent source on white in a jpg, and on the background when one is asked', async () => {
    const clear = await sharp({ create: { width: 40, height: 40, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    expect(await colourAt((await render(clear, { type: 'jpg' })).body, 20, 20)).toBe('white');
    expect(await colourAt((await render(clear, { type: 'webp', background: '#0000ff' })).body, 20, 20)).toBe('blue');
    expect(await colourAt((await render(clear, { type: 'webp', width: '20' })).body, 10, 10)).toBe('transparent');
  });

  it('never enlarges; extend widens the canvas to the box, placed by position', async () => {
    const small = await plain(200, 100, '#ff0000').png().toBuffer();
    const wide = await render(small, { type: 'png', width: '400' });
    expect([wide.width, wide.height]).toEqual([200, 100]);
    const extended = await render(small, { type: 'png', width: '400', height: '300', fit: 'inside', extend: '1' });
    expect([extended.width, extended.height]).toEqual([400, 300]);
    expect(await colourAt(extended.body, 200, 150)).toBe('red');
    expect(await colourAt(extended.body, 10, 10)).toBe('transparent');
    const northwest = await render(small, {
      type: 'png',
      width: '400',
      height: '300',
      fit: 'inside',
      extend: '1',
      position: 'northwest',
      background: '#00ff00',
    });
    expect(await colourAt(northwest.body, 10, 10)).toBe('red');
    expect(await colourAt(northwest.body, 390, 290)).toBe('green');
  });

  it('fits inside, contains with bands of background, fills by stretching, covers the box', async () => {
    const inside = await render(source, { type: 'png', width: '300', height: '300', fit: 'inside' });
    expect([inside.width, inside.height]).toEqual([300, 200]);
    const contain = await render(source, {
      type: 'png',
      width: '300',
      height: '300',
      fit: 'contain',
      background: '#ff00ff',
    });
    expect([contain.width, contain.height]).toEqual([300, 300]);
    expect(await colourAt(contain.body, 150, 20)).toBe('magenta');
    expect(await colourAt(contain.body, 10, 60)).toBe('red');
    const fill = await render(source, { type: 'png', width: '300', height: '300', fit: 'fill' });
    expect([fill.width, fill.height]).toEqual([300, 300]);
    const outside = await render(source, { type: 'png', width: '300', height: '300', fit: 'outside' });
    expect([outside.width, outside.height]).toEqual([450, 300]);
    const cover = await render(source, { type: 'png', width: '300', height: '300' });
    expect([cover.width, cover.height]).toEqual([300, 300]);
    // A source smaller than the box keeps the box's shape, at its own scale.
    const smallCover = await render(source, { type: 'png', width: '4000', height: '2000' });
    expect([smallCover.width, smallCover.height]).toEqual([1200, 600]);
  });

  it('multiplies the size by zoom, and keeps it within 8192 px', async () => {
    const zoomed = await render(source, { type: 'png', width: '200', zoom: '2' });
    expect([zoomed.width, zoomed.height]).toEqual([400, 267]);
    const half = await render(source, { type: 'png', zoom: '0.5' });
    expect([half.width, half.height]).toEqual([600, 400]);
    const canvas = await render(await plain(10, 10, '#ff0000').png().toBuffer(), {
      type: 'png',
      width: '8192',
      height: '10',
      zoom: '8',
      extend: '1',
    });
    expect([canvas.width, canvas.height]).toEqual([8192, 10]);
  });

  it('keeps the output within maxPixels when extending', async () => {
    const tiny = await plain(10, 10, '#ff0000').png().toBuffer();
    const out = await renderImage(tiny, options({ type: 'png', width: '4000', height: '4000', extend: '1' }), {
      maxPixels: 1_000_000,
    });
    expect([out.width, out.height]).toEqual([1000, 1000]);
  });

  it('writes the dpi as density, and no EXIF of the source (no GPS position)', async () => {
    const withGps = await quadrants(120, 80)
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Someone', Make: 'TestCam' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '51/1 30/1 3230/100',
          GPSLongitudeRef: 'W',
          GPSLongitude: '0/1 7/1 4366/100',
        },
      })
      .toBuffer();
    const inputExif = (await sharp(withGps).metadata()).exif;
    expect(inputExif?.includes('TestCam')).toBe(true);

    const plainOut = await render(withGps, { type: 'jpg', width: '60' });
    expect((await sharp(plainOut.body).metadata()).exif).toBeUndefined();

    for (const type of ['jpg', 'png', 'webp'] as const) {
      const out = await render(withGps, { type, width: '60', dpi: '300' });
      const meta = await sharp(out.body).metadata();
      // sharp reads a webp's density from nowhere (webp has no field of its own): read its EXIF.
      expect(type === 'webp' ? exifXResolution(meta.exif!) : meta.density, type).toBe(300);
      const exif = meta.exif ?? Buffer.alloc(0);
      expect(exif.includes('TestCam'), type).toBe(false);
      expect(exif.includes('Someone'), type).toBe(false);
      // No GPS IFD pointer (tag 0x8825) in either byte order.
      expect(exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88])), type).toBe(false);
    }
  });

  it('reads a stream as well as a buffer', async () => {
    const out = await renderImage(
      Readable.from([source.subarray(0, 100), source.subarray(100)]),
      options({ width: '30' }),
      {
        maxPixels: MAX_PIXELS,
      },
    );
    expect([out.width, out.height]).toEqual([30, 20]);
  });

  it('refuses a decompression bomb by its header, before decoding it', async () => {
    const bomb = await pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200);
    // sharp itself refuses it past its default limit (268 megapixels), even to read its header.
    await expect(sharp(bomb).metadata()).rejects.toThrow(/pixel limit/);
    const started = Date.now();
    const error = await renderImage(bomb, options({ width: '100' }), { maxPixels: MAX_PIXELS }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageRenderError);
    expect((error as ImageRenderError).code).toBe('IMAGE_TOO_LARGE');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses an image over maxPixels, and one of more bytes than allowed', async () => {
    await expect(renderImage(source, options({ width: '100' }), { maxPixels: 1200 * 800 - 1 })).rejects.toMatchObject({
      code: 'IMAGE_TOO_LARGE',
    });
    await expect(
      renderImage(Readable.from([source]), options({ width: '100' }), { maxPixels: MAX_PIXELS, maxInputBytes: 1000 }),
    ).rejects.toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('refuses what is not an image, or is a broken one', async () => {
    await expect(render(Buffer.from('not an image at all'), { width: '10' })).rejects.toMatchObject({
      code: 'IMAGE_UNREADABLE',
    });
    await expect(render(source.subarray(0, source.length / 2), { width: '10' })).rejects.toMatchObject({
      code: 'IMAGE_UNREADABLE',
    });
  });
});

describe('probeImage', () => {
  it('reads the size as shown and the format', async () => {
    expect(await probeImage(source)).toEqual({ width: 1200, height: 800, format: 'png' });
    const turned = await quadrants(120, 80).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await probeImage(turned)).toEqual({ width: 80, height: 120, format: 'jpg' });
    const avif = await quadrants(40, 20).avif().toBuffer();
    expect(await probeImage(Readable.from([avif]))).toEqual({ width: 40, height: 20, format: 'avif' });
  });

  it('reads a huge declared size without decoding it', async () => {
    expect(await probeImage(await pngDeclaring(20_000, 20_000))).toEqual({
      width: 20_000,
      height: 20_000,
      format: 'png',
    });
  });

  it('answers undefined for what is not an image', async () => {
    expect(await probeImage(Buffer.from('%PDF-1.4 not an image'))).toBeUndefined();
    expect(await probeImage(Buffer.alloc(0))).toBeUndefined();
    expect(await probeImage(Readable.from([Buffer.from('hello')]))).toBeUndefined();
  });

  it('answers undefined for a stream longer than maxInputBytes', async () => {
    expect(await probeImage(Readable.from([source]), { maxInputBytes: 1000 })).toBeUndefined();
    expect(await probeImage(Readable.from([source]), { maxInputBytes: source.length })).toMatchObject({ width: 1200 });
  });
});
