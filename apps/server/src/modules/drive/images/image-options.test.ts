import {
  IMAGE_DEFAULTS,
  IMAGE_MAX_DIMENSION,
  ImageOptionsQuery,
  SRCSET_FORMATS,
  type ImageOptionsQueryInput,
} from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  canonicalImageOptions,
  imageTypeOfFormat,
  isOriginal,
  normaliseImageOptions,
  ORIGINAL_IMAGE_OPTIONS,
  outputType,
} from './image-options.js';

/** The options of a query as the route gets them: parsed by the contract, then normalised. */
const fromQuery = (query: Record<string, unknown>) => normaliseImageOptions(ImageOptionsQuery.parse(query));
const canonical = (query: Record<string, unknown>) => canonicalImageOptions(fromQuery(query));
const refusal = (query: Record<string, unknown>) => {
  const result = ImageOptionsQuery.safeParse(query);
  return result.success ? undefined : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
};

describe('image option defaults (SPEC.md section 9)', () => {
  it('are focal 0.5, zoom 1, type jpg, and srcset formats webp then jpg', () => {
    expect(IMAGE_DEFAULTS).toMatchObject({ focal: 0.5, zoom: 1, type: 'jpg' });
    expect(SRCSET_FORMATS).toEqual(['webp', 'jpg']);
  });

  it('fill every option of an empty query: the original as it is', () => {
    const options = fromQuery({});
    expect(options).toEqual(ORIGINAL_IMAGE_OPTIONS);
    expect(options).toMatchObject({ zoom: 1, focalX: 0.5, focalY: 0.5, type: null, fit: 'cover' });
    expect(Object.keys(options).sort()).toEqual(Object.keys(ORIGINAL_IMAGE_OPTIONS).sort());
    expect(canonicalImageOptions(options)).toBe('');
  });

  it('take jpg as the type once anything else is asked', () => {
    expect(fromQuery({ width: '400' }).type).toBe('jpg');
    expect(outputType(fromQuery({ width: '400' }))).toBe('jpg');
    expect(outputType(fromQuery({}))).toBe('jpg');
    expect(fromQuery({ type: 'webp' }).type).toBe('webp');
  });
});

describe('clamping (SPEC.md section 5 and the upper bounds)', () => {
  it('floors width and height at 0', () => {
    expect(fromQuery({ width: '-5', height: '-0.4' })).toMatchObject({ width: 0, height: 0 });
  });

  it('keeps zoom at least 0', () => {
    expect(fromQuery({ width: '10', zoom: '-1' }).zoom).toBe(0);
  });

  it('clamps the focal point to 0..1', () => {
    const options = fromQuery({ width: '10', height: '10', focalX: '2', focalY: '-3' });
    expect(options).toMatchObject({ focalX: 1, focalY: 0 });
  });

  it('brings width and height down to 8192, zoom to 8, padding to 1000, dpi into 1..1200', () => {
    expect(fromQuery({ width: '100000', height: '8193' })).toMatchObject({
      width: IMAGE_MAX_DIMENSION,
      height: IMAGE_MAX_DIMENSION,
    });
    expect(IMAGE_MAX_DIMENSION).toBe(8192);
    expect(fromQuery({ width: '10', zoom: '100' }).zoom).toBe(8);
    expect(
      fromQuery({ paddingTop: '5000', paddingRight: '1001', paddingBottom: '-1', paddingLeft: '1e9' }),
    ).toMatchObject({ paddingTop: 1000, paddingRight: 1000, paddingBottom: 0, paddingLeft: 1000 });
    expect(fromQuery({ dpi: '0' }).dpi).toBe(1);
    expect(fromQuery({ dpi: '-20' }).dpi).toBe(1);
    expect(fromQuery({ dpi: '5000' }).dpi).toBe(1200);
  });

  it('clamps a number too large to write to the end of its range', () => {
    expect(fromQuery({ width: '1e999', height: '-1e999' })).toMatchObject({ width: 8192, height: 0 });
  });

  it('rounds pixels to whole ones, zoom to thousandths and the focal point to ten-thousandths', () => {
    const options = fromQuery({ width: '400.4', height: '299.5', zoom: '1.23456', focalX: '0.123456' });
    expect(options).toMatchObject({ width: 400, height: 300, zoom: 1.235, focalX: 0.1235 });
  });

  it('clamps plain numbers handed to normaliseImageOptions directly as well', () => {
    const options = normaliseImageOptions({
      width: -3,
      height: 1e6,
      zoom: 99,
      focalX: -1,
      focalY: 7,
      dpi: 0,
      paddingTop: 1e9,
    });
    expect(options).toMatchObject({ width: 0, height: 8192, zoom: 8, dpi: 1, paddingTop: 1000 });
    expect(normaliseImageOptions({ width: 10, height: 10, focalX: -1, focalY: 7 })).toMatchObject({
      focalX: 0,
      focalY: 1,
    });
    expect(normaliseImageOptions({ width: Number.NaN }).width).toBe(0);
  });

  it('takes whole turns and negative quarter turns as a rotation of 0, 90, 180 or 270', () => {
    expect(fromQuery({ rotate: '-90' }).rotate).toBe(270);
    expect(fromQuery({ rotate: '450' }).rotate).toBe(90);
    expect(fromQuery({ rotate: '360' }).rotate).toBe(0);
    expect(fromQuery({ rotate: 180 }).rotate).toBe(180);
  });
});

describe('the query schema refuses what is not an option value (a 400)', () => {
  it('refuses numbers that are not numbers, or carry a NUL', () => {
    expect(refusal({ width: 'abc' })).toEqual(['width']);
    expect(refusal({ width: '12\0' })).toEqual(['width']);
    expect(refusal({ zoom: '0x10' })).toEqual(['zoom']);
    expect(refusal({ height: ' 12' })).toEqual(['height']);
    expect(refusal({ dpi: 'Infinity' })).toEqual(['dpi']);
    expect(refusal({ focalX: '' })).toEqual(['focalX']);
    expect(refusal({ width: ['1', '2'] })).toEqual(['width']);
  });

  it('refuses unknown types, fits and positions, and NUL bytes in them', () => {
    expect(refusal({ type: 'gif' })).toEqual(['type']);
    expect(refusal({ type: 'jpg\0' })).toEqual(['type']);
    expect(refusal({ fit: 'stretch' })).toEqual(['fit']);
    expect(refusal({ position: 'attention' })).toEqual(['position']);
    expect(refusal({ position: 'north\0' })).toEqual(['position']);
    expect(refusal({ type: 'JPG' })).toEqual(['type']);
  });

  it('refuses a rotation that is not a multiple of 90', () => {
    expect(refusal({ rotate: '45' })).toEqual(['rotate']);
    expect(refusal({ rotate: '90.5' })).toEqual(['rotate']);
  });

  it('refuses flags that are not true or false, and colours that are not #rrggbb or #rrggbbaa', () => {
    expect(refusal({ mirrorX: 'maybe' })).toEqual(['mirrorX']);
    expect(refusal({ extend: '1\0' })).toEqual(['extend']);
    expect(refusal({ background: 'red' })).toEqual(['background']);
    expect(refusal({ background: '#fff' })).toEqual(['background']);
    expect(refusal({ background: '#ffffff\0' })).toEqual(['background']);
  });

  it('refuses malformed expiries and signatures', () => {
    expect(refusal({ expires: '-1' })).toEqual(['expires']);
    expect(refusal({ expires: '17e8' })).toEqual(['expires']);
    expect(refusal({ signature: '' })).toEqual(['signature']);
    expect(refusal({ signature: 'abc=' })).toEqual(['signature']);
    expect(refusal({ signature: 'a'.repeat(129) })).toEqual(['signature']);
    expect(refusal({ signature: 'abc\0' })).toEqual(['signature']);
  });

  it('takes the spellings a query gives', () => {
    const parsed = ImageOptionsQuery.parse({
      type: 'jpeg',
      position: 'center',
      mirrorX: '',
      mirrorY: 'false',
      extend: '1',
      reflect: 'yes',
      background: 'FFAA00',
      expires: '1700000000',
      signature: 'abc_-',
    });
    expect(parsed).toMatchObject({
      type: 'jpg',
      position: 'centre',
      mirrorX: true,
      mirrorY: false,
      extend: true,
      reflect: true,
      background: '#ffaa00',
      expires: 1700000000,
      signature: 'abc_-',
    });
  });

  it('is representable as the JSON Schema of a query (the OpenAPI document)', () => {
    expect(() => z.toJSONSchema(ImageOptionsQuery, { io: 'input', unrepresentable: 'throw' })).not.toThrow();
  });
});

describe('canonicalImageOptions', () => {
  const query: ImageOptionsQueryInput = {
    type: 'webp',
    width: '400',
    height: '300',
    zoom: '2',
    focalX: '0.25',
    focalY: '0.75',
    paddingTop: '1',
    paddingRight: '2',
    paddingBottom: '3',
    paddingLeft: '4',
    mirrorX: 'true',
    rotate: '90',
    extend: '1',
    dpi: '300',
    fit: 'cover',
    position: 'north',
    background: '#112233',
  };

  it('writes the options in a fixed order, whatever the order of the query', () => {
    const reversed = Object.fromEntries(Object.entries(query).reverse());
    expect(canonical(reversed)).toBe(canonical(query));
    expect(canonical(query)).toBe(
      'type=webp&width=400&height=300&zoom=2&focalX=0.25&focalY=0.75&position=north&extend=1' +
        '&paddingTop=1&paddingRight=2&paddingBottom=3&paddingLeft=4&mirrorX=1&rotate=90&dpi=300&background=112233',
    );
  });

  it('is a query that parses back to the same options', () => {
    const text = canonical(query);
    const back = Object.fromEntries(new URLSearchParams(text));
    expect(fromQuery(back)).toEqual(fromQuery(query));
    expect(canonical(back)).toBe(text);
    expect(canonical({ width: '10', height: '10', focalX: '0', zoom: '0' })).toBe(
      'type=jpg&width=10&height=10&zoom=0&focalX=0',
    );
  });

  it('is the same for inputs that render the same', () => {
    const same = (a: Record<string, unknown>, b: Record<string, unknown>) => expect(canonical(a)).toBe(canonical(b));
    same({ width: '400' }, { width: '400', type: 'jpg' });
    same({ width: '400', type: 'jpeg' }, { width: '400.2', type: 'jpg' });
    same({ width: '400', zoom: '1', focalX: '0.5', fit: 'cover' }, { width: '400' });
    same({ width: '400', height: '300', position: 'center' }, { height: '300', width: '400', position: 'centre' });
    same({ width: '400', background: 'FFFFFF' }, { width: '400', background: '#ffffffff' });
    same({ rotate: '-90' }, { rotate: '270' });
    same({ reflect: 'true' }, { mirrorY: '1' });
    same({ mirrorX: '1', mirrorY: '1' }, { rotate: '180' });
    same({ mirrorY: '1', reflect: '1' }, {});
    // Without a box, fit, position, focal point, extend and enlarging have no effect.
    same({ fit: 'contain', position: 'north', focalX: '0.1', extend: '1', zoom: '3' }, {});
    // With one side, neither fit nor the focal point does.
    same({ width: '200', fit: 'fill', focalY: '0.9' }, { width: '200' });
    // The focal point counts only for cover; contain fills its box without extend.
    same(
      { width: '200', height: '100', fit: 'contain', focalX: '0', extend: '1' },
      { width: '200', height: '100', fit: 'contain' },
    );
  });

  it('differs for inputs that render differently', () => {
    const texts = [
      {},
      { type: 'jpg' },
      { type: 'png' },
      { width: '400' },
      { width: '401' },
      { height: '400' },
      { width: '400', zoom: '2' },
      { width: '400', height: '300' },
      { width: '400', height: '300', focalX: '0' },
      { width: '400', height: '300', position: 'north' },
      { width: '400', height: '300', fit: 'contain' },
      { width: '400', extend: '1' },
      { mirrorX: '1' },
      { rotate: '90' },
      { paddingTop: '1' },
      { paddingLeft: '1' },
      { dpi: '72' },
      { background: '#000000' },
      { background: '#00000000' },
    ].map(canonical);
    expect(new Set(texts).size).toBe(texts.length);
  });
});

describe('isOriginal', () => {
  it('is the empty query, and a type equal to the original format', () => {
    expect(isOriginal(fromQuery({}))).toBe(true);
    expect(isOriginal(fromQuery({}), 'png')).toBe(true);
    expect(isOriginal(fromQuery({ type: 'png' }), 'png')).toBe(true);
    expect(isOriginal(fromQuery({ type: 'png' }), 'image/png')).toBe(true);
    expect(isOriginal(fromQuery({ type: 'jpg' }), 'jpeg')).toBe(true);
    expect(isOriginal(fromQuery({ type: 'jpeg' }), 'image/jpeg')).toBe(true);
  });

  it('is also what reduces to nothing: ineffective options, cancelling flips, zero padding', () => {
    expect(isOriginal(fromQuery({ fit: 'fill', position: 'north', focalX: '0.2', extend: '1' }))).toBe(true);
    expect(isOriginal(fromQuery({ mirrorY: '1', reflect: '1', rotate: '360', paddingTop: '0' }))).toBe(true);
  });

  it('is not a conversion, a resize or any effect', () => {
    expect(isOriginal(fromQuery({ type: 'jpg' }), 'png')).toBe(false);
    expect(isOriginal(fromQuery({ type: 'jpg' }))).toBe(false);
    expect(isOriginal(fromQuery({ type: 'webp' }), 'gif')).toBe(false);
    for (const query of [
      { width: '400' },
      { height: '1' },
      { zoom: '0.5' },
      { mirrorX: '1' },
      { reflect: '1' },
      { rotate: '90' },
      { paddingBottom: '1' },
      { dpi: '72' },
      { background: '#ffffff' },
    ]) {
      expect(isOriginal(fromQuery(query), 'jpeg'), JSON.stringify(query)).toBe(false);
    }
  });

  it('names the image type of a format', () => {
    expect(imageTypeOfFormat('jpeg')).toBe('jpg');
    expect(imageTypeOfFormat('image/jpeg')).toBe('jpg');
    expect(imageTypeOfFormat('AVIF')).toBe('avif');
    expect(imageTypeOfFormat('gif')).toBe(null);
    expect(imageTypeOfFormat(undefined)).toBe(null);
  });
});
