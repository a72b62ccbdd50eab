import { describe, expect, it } from 'vitest';
import { checkValues, clampNumbers, fieldsOf, initialValues, labelOf } from './json-schema';

const schema = {
  type: 'object',
  properties: {
    url: { type: 'string', format: 'uri' },
    email: { type: 'string', format: 'email', errorMessage: 'Use the shop’s email.' },
    name: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' },
    count: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    ratio: { type: 'number', exclusiveMinimum: 0 },
    on: { type: 'boolean', default: true },
    size: { enum: ['s', 'm', 'l'] },
    // zod writes an optional nullable value this way.
    note: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['url', 'count'],
};

describe('JSON Schema settings', () => {
  it('reads each property as a field of its kind, leaving out what a form cannot show', () => {
    const fields = fieldsOf(schema);
    expect(fields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['url', 'url', true],
      ['email', 'email', false],
      ['name', 'text', false],
      ['count', 'integer', true],
      ['ratio', 'number', false],
      ['on', 'boolean', false],
      ['size', 'enum', false],
      ['note', 'text', false],
    ]);
    expect(fields.find((f) => f.name === 'size')?.options?.map((o) => o.value)).toEqual(['s', 'm', 'l']);
    expect(fieldsOf({ type: 'string' })).toEqual([]);
  });

  it('labels properties without a title from their names', () => {
    expect(labelOf('apiUrl')).toBe('Api url');
    expect(labelOf('shop_name')).toBe('Shop name');
  });

  it('starts from the saved config, else the defaults', () => {
    const fields = fieldsOf(schema);
    expect(initialValues(fields, { url: 'https://a.example' })).toMatchObject({
      url: 'https://a.example',
      count: '3',
      on: true,
      size: '',
    });
  });

  it('turns valid values into what the schema wants, leaving empty optional ones out', () => {
    const fields = fieldsOf(schema);
    const values = { ...initialValues(fields), url: ' https://a.example ', ratio: '0,5', size: 'm', on: false };
    expect(checkValues(fields, values)).toEqual({
      ok: true,
      data: { url: 'https://a.example', count: 3, ratio: 0.5, on: false, size: 'm' },
    });
  });

  it('says what is wrong with each field, in the schema’s words where it has them', () => {
    const fields = fieldsOf(schema);
    const values = {
      ...initialValues(fields),
      url: 'ftp://a',
      email: 'x',
      name: 'A1',
      count: '2.5',
      ratio: '0',
      note: 'long',
    };
    expect(checkValues(fields, values)).toEqual({
      ok: false,
      errors: {
        url: 'Enter a web address starting with https://.',
        email: 'Use the shop’s email.',
        name: 'Name is not in the expected form.',
        count: 'Count must be a whole number.',
        ratio: 'Ratio must be more than 0.',
        note: 'Note must be at most 3 characters.',
      },
    });
    expect(checkValues(fields, { ...values, url: '', count: '11' })).toMatchObject({
      errors: { url: 'Url is required.', count: 'Count must be at most 10.' },
    });
  });

  it('lets fields told optional stay empty (credentials already stored)', () => {
    const fields = fieldsOf({ type: 'object', properties: { token: { type: 'string' } }, required: ['token'] });
    expect(checkValues(fields, { token: '' })).toEqual({ ok: false, errors: { token: 'Token is required.' } });
    expect(checkValues(fields, { token: '' }, { optional: new Set(['token']) })).toEqual({ ok: true, data: {} });
  });
});

describe('clampNumbers (SPEC.md section 5)', () => {
  it('clamps number fields to their minimum and maximum, leaving the rest as typed', () => {
    const fields = fieldsOf(schema);
    const values = { ...initialValues(fields), count: '999', ratio: '-4', name: 'abc' };
    expect(clampNumbers(fields, values)).toMatchObject({ count: '10', ratio: '-4', name: 'abc' });
    expect(clampNumbers(fields, { ...values, count: '0' })).toMatchObject({ count: '1' });
    expect(clampNumbers(fields, { ...values, count: 'x' })).toMatchObject({ count: 'x' });
    expect(clampNumbers(fields, { ...values, count: '' })).toMatchObject({ count: '' });
  });
});
