import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../core/db/database.js';
import { ensureSecret } from '../../core/security/secrets.js';

/** The app_secrets entry holding the key; every instance reads the same one. */
export const CREDENTIALS_KEY_SECRET = 'integration-credentials-key';
/** The format's version, first in every stored value: a later key or algorithm gets `v2` beside it. */
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;

/**
 * Connectors' credentials at rest: AES-256-GCM with a random IV per value, stored as
 * `v1.{iv}.{tag}.{ciphertext}` (base64url). The row's project and code are bound in as associated
 * data, so a value copied into another project's row does not decrypt.
 */
export class CredentialCipher {
  private constructor(private readonly key: Buffer) {}

  static fromSecret(secret: string): CredentialCipher {
    const key = Buffer.from(secret, 'base64url');
    if (key.length !== 32) throw new Error('The credentials key must be 32 bytes');
    return new CredentialCipher(key);
  }

  /** The cipher with the platform's key, made on first use. */
  static async load(db: Database): Promise<CredentialCipher> {
    return CredentialCipher.fromSecret(await ensureSecret(db, CREDENTIALS_KEY_SECRET));
  }

  encrypt(values: Record<string, string>, boundTo: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv);
    cipher.setAAD(Buffer.from(boundTo));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(values), 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), ciphertext]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** Throws when the value was altered, was made for another row, or has an unknown format. */
  decrypt(stored: string, boundTo: string): Record<string, string> {
    const [version, iv, tag, ciphertext, ...rest] = stored.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined || rest.length > 0) {
      throw new Error('Unknown credentials format');
    }
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(boundTo));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, string>;
  }
}

/** What a row's credentials are bound to (the associated data above). */
export const credentialsBinding = (projectId: string, code: string) => `${projectId}:${code}`;
