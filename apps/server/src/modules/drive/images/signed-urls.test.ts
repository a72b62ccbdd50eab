import { describe, expect, it } from 'vitest';
import { signImageUrl, verifyImageSignature } from './signed-urls.js';

const subject = {
  secret: 'test-image-secret-0123456789',
  project: '7d1c3c2e-8f3e-4a53-9f7e-2b8f0e0b6c11',
  file: 'b0b7d3e4-1c55-4f7a-8a2f-3c1d9e6f7a20',
  version: 3,
  options: 'type=webp&width=400',
};
const now = new Date('2030-01-01T00:00:00Z');
const later = new Date('2030-01-01T01:00:00Z');
const signed = signImageUrl({ ...subject, expiresAt: later });

describe('signImageUrl', () => {
  it('gives the expiry in unix seconds and a base64url HMAC-SHA256', () => {
    expect(signed.expires).toBe(Math.floor(later.getTime() / 1000));
    expect(signed.signature).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('is stable, and differs under another secret', () => {
    expect(signImageUrl({ ...subject, expiresAt: later })).toEqual(signed);
    expect(signImageUrl({ ...subject, secret: 'another-secret', expiresAt: later }).signature).not.toBe(
      signed.signature,
    );
  });

  it('refuses an empty secret and an invalid date', () => {
    expect(() => signImageUrl({ ...subject, secret: '', expiresAt: later })).toThrow();
    expect(() => signImageUrl({ ...subject, expiresAt: new Date('nonsense') })).toThrow();
  });
});

describe('verifyImageSignature', () => {
  const check = (changes: Partial<Parameters<typeof verifyImageSignature>[0]> = {}) =>
    verifyImageSignature({ ...subject, ...signed, now, ...changes });

  it('accepts the signature it made, before the expiry', () => {
    expect(check()).toBe('valid');
    expect(check({ version: '3' })).toBe('valid');
    expect(check({ secret: Buffer.from(subject.secret) })).toBe('valid');
  });

  it('calls a genuine signature past its expiry expired (at the expiry second too)', () => {
    expect(check({ now: new Date(later.getTime() + 1000) })).toBe('expired');
    expect(check({ now: later })).toBe('expired');
    expect(check({ now: new Date(later.getTime() - 1000) })).toBe('valid');
  });

  it('refuses it for other options, file, version, project, expiry or secret', () => {
    expect(check({ options: 'type=webp&width=401' })).toBe('invalid');
    expect(check({ options: '' })).toBe('invalid');
    expect(check({ file: 'b0b7d3e4-1c55-4f7a-8a2f-3c1d9e6f7a21' })).toBe('invalid');
    expect(check({ version: 4 })).toBe('invalid');
    expect(check({ project: '7d1c3c2e-8f3e-4a53-9f7e-2b8f0e0b6c12' })).toBe('invalid');
    expect(check({ expires: signed.expires + 1 })).toBe('invalid');
    expect(check({ expires: signed.expires + 86_400 * 365 })).toBe('invalid');
    expect(check({ secret: 'another-secret' })).toBe('invalid');
  });

  it('does not let one field run into the next', () => {
    const moved = signImageUrl({ ...subject, project: 'a', file: 'bc', expiresAt: later });
    expect(verifyImageSignature({ ...subject, ...moved, project: 'ab', file: 'c', now })).toBe('invalid');
  });

  it('refuses a forged signature even when its expiry has passed (not "expired")', () => {
    const past = signImageUrl({ ...subject, expiresAt: new Date('2029-12-31T00:00:00Z') });
    expect(check({ ...past })).toBe('expired');
    expect(check({ ...past, options: 'type=png' })).toBe('invalid');
  });

  it('refuses garbage signatures of any length without throwing', () => {
    const flipped = `${signed.signature[0] === 'A' ? 'B' : 'A'}${signed.signature.slice(1)}`;
    for (const signature of [
      '',
      'a',
      'abcd',
      'A'.repeat(42),
      'A'.repeat(43),
      'A'.repeat(44),
      'A'.repeat(64),
      'A'.repeat(10_000),
      flipped,
      signed.signature.slice(0, 42),
      `${signed.signature}A`,
      `${signed.signature}=`,
      signed.signature.replace(/[A-Za-z]/, '+'),
      `${signed.signature.slice(0, 42)}\0`,
      '€'.repeat(43),
    ]) {
      expect(check({ signature }), signature.slice(0, 50)).toBe('invalid');
    }
  });

  it('refuses another spelling of the same bytes (base64url spare bits)', () => {
    // The last of 43 characters carries 4 bits of the digest and 2 spare ones.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signed.signature.at(-1)!);
    const variant = `${signed.signature.slice(0, 42)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(variant, 'base64url')).toEqual(Buffer.from(signed.signature, 'base64url'));
    expect(check({ signature: variant })).toBe('invalid');
  });

  it('refuses a missing or malformed signature or expiry', () => {
    expect(check({ signature: undefined })).toBe('invalid');
    expect(check({ expires: undefined })).toBe('invalid');
    expect(check({ signature: 42 })).toBe('invalid');
    expect(check({ expires: String(signed.expires) })).toBe('invalid');
    expect(check({ expires: -1 })).toBe('invalid');
    expect(check({ expires: 1.5 })).toBe('invalid');
    expect(check({ expires: Number.NaN })).toBe('invalid');
  });
});
