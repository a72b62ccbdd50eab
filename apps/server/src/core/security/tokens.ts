import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWTPayload, type CryptoKey } from 'jose';
import type { Clock } from '../clock.js';
import type { Database } from '../db/database.js';
import { signingKeys } from './schema.js';

const ALGORITHM = 'EdDSA';
const AUDIENCE = 'wharf';
/** Verified tokens remembered per process (see `checkSignature`). */
const MAX_VERIFIED_TOKENS = 10_000;

export interface AccessTokenClaims {
  userId: string;
  sessionId: string;
  issuedAt: number;
  expiresAt: number;
}

/** The sessions tokens are bound to (decision 021). */
export interface TokenSessions {
  /** Whether the session a token was minted from still lives. */
  isLive(sessionId: string): Promise<boolean>;
  /** A session of its own, as long as one token, for a token minted without one (a grant). */
  openGrant(userId: string, ttlMs: number): Promise<string>;
}

/**
 * Short-lived bearer tokens for the service API: Ed25519-signed JWTs with iat and exp. The key is
 * made on first start and kept in the database so every instance signs and verifies alike. Every
 * token names the session (`sid`) it was minted from and is valid only while that session lives.
 */
export class TokenService {
  private constructor(
    private readonly kid: string,
    private readonly privateKey: CryptoKey,
    private readonly publicKey: CryptoKey,
    private readonly issuer: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
    private readonly sessions: TokenSessions,
  ) {}

  private readonly verified = new Map<string, AccessTokenClaims>();

  get ttl(): number {
    return this.ttlSeconds;
  }

  static async create(
    db: Database,
    options: { issuer: string; ttlSeconds: number; clock: Clock; sessions: TokenSessions },
  ) {
    const row = await signingKey(db);
    const privateKey = (await importJWK(row.privateJwk, ALGORITHM)) as CryptoKey;
    const publicKey = (await importJWK(row.publicJwk, ALGORITHM)) as CryptoKey;
    return new TokenService(
      row.kid,
      privateKey,
      publicKey,
      options.issuer,
      options.ttlSeconds,
      options.clock,
      options.sessions,
    );
  }

  /**
   * A token for the user, bound to the session it is minted from: it dies with that session. Without
   * one, the token gets a grant session of its own, which a sign-out everywhere or a password change ends.
   */
  async sign(userId: string, sessionId?: string): Promise<string> {
    const sid = sessionId ?? (await this.sessions.openGrant(userId, this.ttlSeconds * 1000));
    const now = Math.floor(this.clock.now().getTime() / 1000);
    const jwt = new SignJWT({ sid })
      .setProtectedHeader({ alg: ALGORITHM, kid: this.kid, typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(this.issuer)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .setJti(randomUUID());
    return jwt.sign(this.privateKey);
  }

  /**
   * The claims of a valid token; throws for an absent, expired, tampered or foreign one, and for one
   * whose session has ended (or that names none).
   */
  async verify(token: string): Promise<AccessTokenClaims> {
    const claims = this.verified.get(token) ?? (await this.checkSignature(token));
    // A remembered signature still expires: the clock decides on every call, as jose would.
    if (Math.floor(this.clock.now().getTime() / 1000) >= claims.expiresAt) {
      this.verified.delete(token);
      throw new Error('The token has expired');
    }
    if (!(await this.sessions.isLive(claims.sessionId))) throw new Error('The session of this token has ended');
    return claims;
  }

  /**
   * The Ed25519 check proper, about 60 µs of CPU (on the thread pool): a client sends the same token
   * for its whole life, so a verified token's claims are remembered by its exact text. Only tokens
   * that verified are kept, so forged ones cannot fill the map; the session is still asked every time.
   */
  private async checkSignature(token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify<JWTPayload & { sid?: string }>(token, this.publicKey, {
      algorithms: [ALGORITHM],
      issuer: this.issuer,
      audience: AUDIENCE,
      currentDate: this.clock.now(),
      requiredClaims: ['sub', 'iat', 'exp', 'sid'],
    });
    if (typeof payload.sid !== 'string') throw new Error('The token names no session');
    const claims: AccessTokenClaims = {
      userId: payload.sub as string,
      sessionId: payload.sid,
      issuedAt: payload.iat as number,
      expiresAt: payload.exp as number,
    };
    // A crude bound, as for permission decisions: many live tokens at once only cost re-verifying.
    if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
    this.verified.set(token, claims);
    return claims;
  }
}

/** The key every instance signs with: made on first start; when two instances race, the first stored wins. */
export async function signingKey(db: Database): Promise<typeof signingKeys.$inferSelect> {
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
    [row] = await db.select().from(signingKeys).orderBy(signingKeys.createdAt).limit(1);
  }
  if (!row) throw new Error('No signing key');
  return row;
}
