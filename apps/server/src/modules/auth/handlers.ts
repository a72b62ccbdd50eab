import { randomBytes, randomInt } from 'node:crypto';
import { DEVICE_CODE_GRANT, type operations } from '@wharf/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { AppError, forbidden, unauthenticated } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { hashToken } from '../accounts/tokens.js';
import { recordAudit } from '../../core/audit/audit.js';
import { link, openSession, requestMeta, setSessionCookie, type AccountContext } from '../accounts/context.js';
import { isProjectMember } from '../projects/members.js';
import { authorizationCodes, deviceCodes } from './schema.js';

type AuthOperations = Pick<
  typeof operations,
  'exchangeToken' | 'createAuthorizationCode' | 'verifyToken' | 'createDeviceCode' | 'authorizeDevice' | 'listOutbox'
>;

export const DEVICE_CODE_TTL_SECONDS = 10 * 60;
export const DEVICE_POLL_INTERVAL_SECONDS = 5;
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** RFC 8628 section 6.1: no vowels (no words), no look-alikes. */
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';

/** RFC 8628 section 3.5 answers, in our `{code, message}` shape. */
const grantError = (code: string, message: string) => new AppError(400, code, message);

function newUserCode(): string {
  const chars = Array.from({ length: 8 }, () => USER_CODE_ALPHABET[randomInt(USER_CODE_ALPHABET.length)]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

const normalizeUserCode = (code: string) => {
  const plain = code.replace(/-/g, '').toUpperCase();
  return `${plain.slice(0, 4)}-${plain.slice(4)}`;
};

export function authHandlers(ctx: AccountContext): Handlers<AuthOperations> {
  const { db, clock } = ctx;

  return {
    exchangeToken: async ({ body }, request, reply) => {
      if (body.type === 'authorization_code') {
        const redeemed = await db.transaction(async (tx) => {
          const [row] = await tx
            .update(authorizationCodes)
            .set({ usedAt: clock.now() })
            .where(
              and(
                eq(authorizationCodes.codeHash, hashToken(body.code)),
                isNull(authorizationCodes.usedAt),
                gt(authorizationCodes.expiresAt, clock.now()),
              ),
            )
            .returning();
          if (!row) throw grantError('invalid_grant', 'This sign-in code has expired or was already used.');
          // The code signs this browser in: it gets a console session as well as the token.
          return { userId: row.userId, session: await openSession(ctx, tx, request, row.userId) };
        });
        setSessionCookie(ctx, reply, redeemed.session);
        return { token: await ctx.tokens.sign(redeemed.userId, redeemed.session.id) };
      }
      if (body.type !== DEVICE_CODE_GRANT) throw grantError('unsupported_grant_type', 'Unsupported grant type.');
      const [device] = await db
        .select()
        .from(deviceCodes)
        .where(eq(deviceCodes.deviceCodeHash, hashToken(body.device_code)));
      if (!device || device.status === 'used') throw grantError('invalid_grant', 'Unknown device code.');
      const now = clock.now();
      if (device.expiresAt <= now) throw grantError('expired_token', 'The device code has expired. Start again.');
      // A device polling faster than its interval is told to slow down, and its interval grows by 5 s.
      if (device.lastPolledAt && now.getTime() - device.lastPolledAt.getTime() < device.interval * 1000) {
        await db
          .update(deviceCodes)
          .set({ lastPolledAt: now, interval: device.interval + 5 })
          .where(eq(deviceCodes.id, device.id));
        throw grantError('slow_down', 'Polling too fast; wait longer between requests.');
      }
      await db.update(deviceCodes).set({ lastPolledAt: now }).where(eq(deviceCodes.id, device.id));
      if (device.status === 'pending') throw grantError('authorization_pending', 'Waiting for the user to approve.');
      if (device.status === 'denied') throw grantError('access_denied', 'The user denied this device.');
      const [claimed] = await db
        .update(deviceCodes)
        .set({ status: 'used' })
        .where(and(eq(deviceCodes.id, device.id), eq(deviceCodes.status, 'approved')))
        .returning();
      if (!claimed?.userId) throw grantError('invalid_grant', 'Unknown device code.');
      // The grant is a session of the device's own, as long as its token: a password change, a reset or
      // a sign-out everywhere ends it (and the token) like any other session of the user.
      const grant = await ctx.sessions.create(db, claimed.userId, requestMeta(request), ctx.tokens.ttl * 1000);
      return { token: await ctx.tokens.sign(claimed.userId, grant.id) };
    },

    createAuthorizationCode: async (_input, request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      const code = randomBytes(24).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.insert(authorizationCodes).values({
          codeHash: hashToken(code),
          userId: principal.userId,
          expiresAt: new Date(clock.now().getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
        });
        await recordAudit(tx, request, { target: `user:${principal.userId}` });
      });
      return { code, expiresIn: AUTHORIZATION_CODE_TTL_SECONDS };
    },

    verifyToken: async ({ query }, request) => {
      const principal = request.principal;
      if (!principal?.tokenExpiresAt) throw unauthenticated();
      // Valid for a project only if its user is a member of it.
      if (query.project && !(await isProjectMember(db, query.project, principal.userId))) {
        throw forbidden('This token gives no access to that project.');
      }
      return {
        valid: true as const,
        userId: principal.userId,
        expiresAt: new Date(principal.tokenExpiresAt * 1000).toISOString(),
      };
    },

    createDeviceCode: async ({ body }) => {
      const deviceCode = randomBytes(32).toString('base64url');
      const userCode = newUserCode();
      const now = clock.now();
      await db.insert(deviceCodes).values({
        deviceCodeHash: hashToken(deviceCode),
        userCode,
        clientId: body?.client_id ?? null,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
        expiresAt: new Date(now.getTime() + DEVICE_CODE_TTL_SECONDS * 1000),
        createdAt: now,
      });
      return {
        device_code: deviceCode,
        user_code: userCode,
        verification_uri: link(ctx, '/device', {}),
        verification_uri_complete: link(ctx, '/device', { user_code: userCode }),
        expires_in: DEVICE_CODE_TTL_SECONDS,
        interval: DEVICE_POLL_INTERVAL_SECONDS,
      };
    },

    authorizeDevice: async ({ body }, request) => {
      const principal = request.principal;
      if (!principal) throw unauthenticated();
      const userCode = normalizeUserCode(body.user_code);
      const [device] = await db
        .select()
        .from(deviceCodes)
        .where(and(eq(deviceCodes.userCode, userCode), eq(deviceCodes.status, 'pending')))
        .orderBy(deviceCodes.createdAt);
      if (!device) throw new AppError(404, 'DEVICE_CODE_NOT_FOUND', 'No device is waiting for that code.');
      if (device.expiresAt <= clock.now()) {
        throw new AppError(400, 'DEVICE_CODE_EXPIRED', 'That code has expired. Start again on the device.');
      }
      await db.transaction(async (tx) => {
        await tx
          .update(deviceCodes)
          .set({ status: body.approve ? 'approved' : 'denied', userId: principal.userId })
          .where(and(eq(deviceCodes.id, device.id), eq(deviceCodes.status, 'pending')));
        await recordAudit(tx, request, { target: `device:${device.id}`, details: { approved: body.approve } });
      });
      return undefined;
    },

    listOutbox: ({ query }) => ctx.mail.list(query),
  };
}
