import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractSerializerCompiler, deepFreeze } from './serializer.js';
import { computeSecurityHeaders } from './security-headers.js';

let validations = 0;
const schema = z
  .object({ id: z.string(), tags: z.array(z.string()), note: z.string().nullable().optional() })
  .refine(() => {
    validations += 1;
    return true;
  });
const compile = (checkAgainstContract: boolean, routeSchema: z.ZodType = schema) =>
  contractSerializerCompiler({ checkAgainstContract })({
    schema: routeSchema,
    method: 'GET',
    url: '/x',
    httpStatus: '200',
  } as never) as (d: unknown) => string;

describe('contractSerializerCompiler', () => {
  it.each([true, false])('writes only the fields the contract names (checked: %s)', (checked) => {
    expect(compile(checked)({ id: 'a', tags: ['b'], secret: 'dropped', note: null })).toBe(
      '{"id":"a","tags":["b"],"note":null}',
    );
    expect(compile(checked)({ id: 'a', tags: [] })).toBe('{"id":"a","tags":[]}');
  });

  it('checked against the contract, refuses an answer that breaks it', () => {
    expect(() => compile(true)({ id: 1, tags: [] })).toThrow();
    expect(() => compile(true)({ id: 'a' })).toThrow();
  });

  it('falls back to the zod serialiser for a schema JSON Schema cannot express', () => {
    expect(compile(false, z.undefined())(undefined)).toBe(undefined);
  });

  it('serialises a frozen value once and reuses the result', () => {
    const serialize = compile(true);
    const value = deepFreeze({ id: 'a', tags: ['b'] });
    validations = 0;
    const first = serialize(value);
    expect(serialize(value)).toBe(first);
    expect(serialize(value)).toBe(first);
    expect(validations).toBe(1);
  });

  it('never caches a value that can still change', () => {
    const serialize = compile(true);
    const value = { id: 'a', tags: ['b'] };
    validations = 0;
    expect(serialize(value)).toBe('{"id":"a","tags":["b"]}');
    value.id = 'changed';
    expect(serialize(value)).toBe('{"id":"changed","tags":["b"]}');
    expect(validations).toBe(2);
  });

  it('deepFreeze freezes nested values', () => {
    const value = deepFreeze({ a: { b: [1, { c: 2 }] } });
    expect(Object.isFrozen(value.a.b[1])).toBe(true);
  });
});

describe('computeSecurityHeaders', () => {
  it('computes the helmet headers once, with our CSP', () => {
    const headers = computeSecurityHeaders();
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });
});
