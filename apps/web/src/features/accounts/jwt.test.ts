import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, InvalidTokenError } from './jwt';
import { base64Url, makeJwt } from '../../test/jwt';

describe('decodeJwtPayload', () => {
  it('reads the claims of a token (base64url, UTF-8 JSON)', () => {
    const payload = { sub: 'u-1', iat: 1_700_000_000, exp: 1_700_000_300, name: 'Zoë ✓' };
    expect(decodeJwtPayload(makeJwt(payload))).toEqual(payload);
  });

  it('refuses a token that is not a string', () => {
    expect(() => decodeJwtPayload(undefined)).toThrow(
      new InvalidTokenError('Invalid token specified: must be a string'),
    );
    expect(() => decodeJwtPayload({ token: 'x' })).toThrow('Invalid token specified: must be a string');
  });

  it('refuses a token without its payload part', () => {
    expect(() => decodeJwtPayload('header-only')).toThrow('Invalid token specified: missing part #2');
    expect(() => decodeJwtPayload('header.')).toThrow('Invalid token specified: missing part #2');
  });

  it('refuses a payload that is not base64', () => {
    expect(() => decodeJwtPayload('a.!!!*.c')).toThrow(/^Invalid token specified: invalid base64 for part #2/);
  });

  it('refuses a payload that is not JSON, or not an object', () => {
    expect(() => decodeJwtPayload(`a.${base64Url('{not json')}.c`)).toThrow(
      /^Invalid token specified: invalid json for part #2/,
    );
    expect(() => decodeJwtPayload(`a.${base64Url('42')}.c`)).toThrow(/invalid json for part #2/);
  });

  it('refuses times that are not numbers', () => {
    expect(() => decodeJwtPayload(makeJwt({ exp: 'tomorrow' }))).toThrow(InvalidTokenError);
  });
});
