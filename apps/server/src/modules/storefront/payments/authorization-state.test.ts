import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.js';
import { AUTHORIZATION_STATE_TTL_MS, signAuthorizationState, verifyAuthorizationState } from './authorization-state.js';

const SECRET = 'c2VjcmV0LW9mLXRoZS1zdG9yZWZyb250LXRlc3Rz';
const PROJECT = '7d3c1c7e-54b5-4b8e-9d0c-1f2a3b4c5d6e';
const USER = '1b2c3d4e-5f60-4718-89ab-cdef01234567';
const subject = { projectId: PROJECT, userId: USER };
const now = new Date('2026-01-15T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function refusal(run: () => void): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('the state was accepted');
}

const refused = (state: string, expected = subject, at = later(1000), secret = SECRET) => {
  const error = refusal(() => verifyAuthorizationState(secret, state, expected, at));
  expect({ status: error.status, code: error.code, message: error.message }).toEqual({
    status: 400,
    code: 'INVALID_AUTHORIZATION_STATE',
    message: 'This connection link has expired or was not made for you. Start connecting again.',
  });
};

describe('the OAuth state of connecting a payment account', () => {
  it('is accepted for its project and person within the hour, and says when it expires', () => {
    const { state, expiresAt } = signAuthorizationState(SECRET, subject, now);
    expect(expiresAt.toISOString()).toBe('2026-01-15T13:00:00.000Z');
    expect(state).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(state.length).toBeLessThan(200);
    expect(() => verifyAuthorizationState(SECRET, state, subject, now)).not.toThrow();
    expect(() => verifyAuthorizationState(SECRET, state, subject, later(AUTHORIZATION_STATE_TTL_MS - 1))).not.toThrow();
  });

  it('is refused once expired, for another project or person, or under another secret', () => {
    const { state } = signAuthorizationState(SECRET, subject, now);
    refused(state, subject, later(AUTHORIZATION_STATE_TTL_MS));
    refused(state, { projectId: '00000000-0000-4000-8000-000000000000', userId: USER });
    refused(state, { projectId: PROJECT, userId: '00000000-0000-4000-8000-000000000000' });
    refused(state, subject, later(1000), 'another-secret');
  });

  it('is refused when changed, forged or malformed', () => {
    const { state } = signAuthorizationState(SECRET, subject, now);
    const [payload, signature] = state.split('.') as [string, string];
    // Another project's payload under the first one's signature.
    const other = signAuthorizationState(SECRET, { projectId: PROJECT, userId: USER }, later(10_000)).state;
    refused(`${other.split('.')[0]}.${signature}`);
    // A longer expiry written in by hand.
    const stretched = Buffer.from(
      JSON.stringify({ p: PROJECT, u: USER, e: now.getTime() + 10 * AUTHORIZATION_STATE_TTL_MS }),
    ).toString('base64url');
    refused(`${stretched}.${signature}`);
    // A signature flipped in its last character (base64url's spare bits) or truncated.
    const last = signature.at(-1)!;
    refused(`${payload}.${signature.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`);
    refused(`${payload}.${signature.slice(0, -2)}`);
    // Signed well but not with the fields of a state.
    const sign = (text: string) => {
      const body = Buffer.from(text).toString('base64url');
      const mac = createHmac('sha256', SECRET).update(`wharf.storefront.oauth-state.v1.${body}`).digest('base64url');
      return `${body}.${mac}`;
    };
    expect(() =>
      verifyAuthorizationState(
        SECRET,
        sign(JSON.stringify({ p: PROJECT, u: USER, e: later(5000).getTime() })),
        subject,
        now,
      ),
    ).not.toThrow();
    refused(sign('not json'));
    refused(sign('null'));
    refused(sign(JSON.stringify({ p: PROJECT, u: USER, e: '9999999999999' })));
    refused(sign(JSON.stringify({ p: 'project', u: USER, e: later(5000).getTime() })));
    for (const bad of [
      '',
      '.',
      'abc',
      `${state}.x`,
      `${payload}.`,
      `.${signature}`,
      `${payload}.${signature}=`,
      'é.é',
    ]) {
      refused(bad);
    }
    refused(`${'a'.repeat(2000)}.${signature}`);
  });
});
