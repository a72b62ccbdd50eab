/**
 * SPEC.md section 8 "Token errors": a token that is not a string, lacks its payload part, or
 * whose payload is not base64url-encoded JSON is invalid. The words follow jwt-decode's, which
 * the console has always shown.
 */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** The claims the token store reads; any other claim is kept but not interpreted. */
export interface JwtPayload {
  iat?: number;
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a JWT, without verifying it (the server does that on every call). */
export function decodeJwtPayload(token: unknown): JwtPayload {
  if (typeof token !== 'string') throw new InvalidTokenError('Invalid token specified: must be a string');
  const part = token.split('.')[1];
  if (!part) throw new InvalidTokenError('Invalid token specified: missing part #2');
  let text: string;
  try {
    text = base64UrlDecode(part);
  } catch (cause) {
    throw new InvalidTokenError(`Invalid token specified: invalid base64 for part #2 (${(cause as Error).message})`);
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch (cause) {
    throw new InvalidTokenError(`Invalid token specified: invalid json for part #2 (${(cause as Error).message})`);
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw new InvalidTokenError('Invalid token specified: invalid json for part #2 (not an object)');
  }
  const { iat, exp } = payload as JwtPayload;
  if ((iat !== undefined && typeof iat !== 'number') || (exp !== undefined && typeof exp !== 'number')) {
    throw new InvalidTokenError('Invalid token specified: iat and exp must be numbers');
  }
  return payload as JwtPayload;
}
