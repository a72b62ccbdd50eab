import { describe, expect, it } from 'vitest';
import { hasSigned, needsSigning, withSigned } from './signed';

const terms = { id: 't-1', version: '2026-11' };

describe('needsSigning (SPEC.md section 4)', () => {
  it('is true when the user signed nothing', () => {
    expect(needsSigning(terms, [])).toBe(true);
  });

  it('is true when only another version of the same terms is signed', () => {
    expect(needsSigning(terms, [{ id: 't-1', version: '2026-10' }])).toBe(true);
  });

  it('is true when the same version of other terms is signed', () => {
    expect(needsSigning(terms, [{ id: 't-0', version: '2026-11' }])).toBe(true);
  });

  it('is false once the id and the version are signed', () => {
    expect(
      needsSigning(terms, [
        { id: 't-0', version: '1' },
        { id: 't-1', version: '2026-11' },
      ]),
    ).toBe(false);
    expect(hasSigned(terms, [{ id: 't-1', version: '2026-11' }])).toBe(true);
  });

  it('is false while the platform has no terms', () => {
    expect(needsSigning(null, [])).toBe(false);
    expect(needsSigning(undefined, [])).toBe(false);
  });
});

describe('withSigned', () => {
  it('adds the entry when missing, once', () => {
    const logs = [{ id: 't-0', version: '1' }];
    expect(withSigned(logs, terms)).toEqual([...logs, terms]);
    expect(withSigned([...logs, terms], terms)).toEqual([...logs, terms]);
    expect(logs).toEqual([{ id: 't-0', version: '1' }]);
  });
});
