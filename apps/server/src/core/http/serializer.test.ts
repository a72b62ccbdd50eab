import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepFreeze, memoizingSerializerCompiler } from './serializer.js';
import { computeSecurityHeaders } from './security-headers.js';

let validations = 0;
const schema = z.object({ id: z.string(), tags: z.array(z.string()) }).refine(() => {
  validations += 1;
  return true;
});
const compile = () =>
  memoizingSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never) as (
    d: unknown,
  ) => string;

describe('memoizingSerializerCompiler', () => {
  it('checks answers against the schema', () => {
    expect(() => compile()({ id: 1, tags: [] })).toThrow();
    expect(compile()({ id: 'a', tags: ['b'], secret: 'dropped' })).toBe('{"id":"a","tags":["b"]}');
  });

  it('serialises a frozen value once and reuses the result', () => {
    const serialize = compile();
    const value = deepFreeze({ id: 'a', tags: ['b'] });
    validations = 0;
    const first = serialize(value);
    expect(serialize(value)).toBe(first);
    expect(serialize(value)).toBe(first);
    expect(validations).toBe(1);
  });

  it('never caches a value that can still change', () => {
    const serialize = compile();
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
