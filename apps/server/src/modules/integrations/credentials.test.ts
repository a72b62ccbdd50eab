import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CredentialCipher } from './credentials.js';

describe('credentials at rest', () => {
  const cipher = CredentialCipher.fromSecret(randomBytes(32).toString('base64url'));
  const values = { apiKey: 'sk_live_ünïcode-42', shop: 'harbour.example' };

  it('decrypts what it encrypted, and never holds the plain text', () => {
    const stored = cipher.encrypt(values, 'project-a:shopify');
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain('sk_live');
    expect(cipher.decrypt(stored, 'project-a:shopify')).toEqual(values);
  });

  it('uses a fresh IV each time: the same values never give the same text', () => {
    expect(cipher.encrypt(values, 'p:c')).not.toBe(cipher.encrypt(values, 'p:c'));
  });

  it('refuses a value moved to another row, altered, of an unknown version, or under another key', () => {
    const stored = cipher.encrypt(values, 'project-a:shopify');
    expect(() => cipher.decrypt(stored, 'project-b:shopify')).toThrow();
    const [version, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() =>
      cipher.decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), 'project-a:shopify'),
    ).toThrow();
    expect(() => cipher.decrypt(stored.replace(/^v1/, 'v9'), 'project-a:shopify')).toThrow(
      'Unknown credentials format',
    );
    const other = CredentialCipher.fromSecret(randomBytes(32).toString('base64url'));
    expect(() => other.decrypt(stored, 'project-a:shopify')).toThrow();
  });
});
