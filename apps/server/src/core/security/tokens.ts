import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { signingKeys } from '../../modules/accounts/schema.js';

const ALGORITHM = 'EdDSA';
const AUDIENCE = 'wharf';

export interface AccessTokenClaims {
  userId: string;
  sessionId: string | undefined;
  issuedAt: number;
  expiresAt: number;
}

/**
 * Short-lived bearer tokens for the service API: Ed25519-signed JWTs with iat and exp. The key is
 * made on first start and kept in the database so every instance signs and verifies alike.
 */
export class TokenService {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  static async create(db: Database, options: { issuer: string; ttlSeconds: number; clock: Clock }) {
    let [row] = await db.select().from(signingKeys).limit(1);
    if (!row) {
      const pair = await generateKeyPair(ALGORITHM, { crv: 'Ed25519', extractable: true });
      await db
        .insert(signingKeys)
        .values({
          kid: randomUUID(),
          algorithm: ALGORITHM,
          publicJwk: { ...(await exportJWK(pair.publicKey)) },
          privateJwk: { ...(await exportJWK(pair.privateKey)) },
        })
        .onConflictDoNothing();
      // Another instance may have won the race; everyone uses the first key.
      [row] = await db.select().from(signingKeys).orderBy(signingKeys.createdAt).limit(1);
    }
    if (!row) throw new Error('No signing key');
    const privateKey = (await importJWK(row.privateJwk, ALGORITHM)) as CryptoKey;
    const publicKey = (await importJWK(row.publicJwk, ALGORITHM)) as CryptoKey;
    return new TokenService(row.kid, privateKey, publicKey, options.issuer, options.ttlSeconds, options.clock);
  }

  async sign(userId: string, sessionId?: string): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const jwt = new SignJWT(sessionId ? { sid: sessionId } : {})
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .setJti(randomUUID());
    return jwt.sign(this.privateKey);
  }

  /** The claims of a valid token; throws for an absent, expired, tampered or foreign one. */
  async verify(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify<JWTPayload & { sid?: string }>(token, this.publicKey, {
      algorithms: [ALGORITHM],
      issuer: this.issuer,
      audience: AUDIENCE,
      currentDate: this.clock.now(),
      requiredClaims: ['sub', 'iat', 'exp'],
    });
    return {
      userId: payload.sub as string,
      sessionId: payload.sid,
      issuedAt: payload.iat as number,
      expiresAt: payload.exp as number,
    };
  }
}
