import { randomBytes } from 'node:crypto';
import { isPermission, type operations } from '@wharf/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { Principal } from '../../core/http/access.js';
import type { Handlers } from '../../core/http/operations.js';
import { hashToken } from '../accounts/tokens.js';
import { assertAssignable } from './assignable.js';
import { authKeys } from './schema.js';
import type { PermissionResolver } from './service.js';

type AuthKeyOperations = Pick<typeof operations, 'listAuthKeys' | 'createAuthKey' | 'revokeAuthKey'>;
type AuthKeyRow = typeof authKeys.$inferSelect;

/** Secrets look like `wk_…`, so a bearer token tells at a glance whether it is a key or a JWT. */
export const AUTH_KEY_PREFIX = 'wk_';
/** `lastUsedAt` is written at most this often, so a busy key does not turn every read into a write. */
const TOUCH_AFTER_MS = 60_000;

function toAuthKey(row: AuthKeyRow) {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    permissions: row.permissions,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** The principal a key secret stands for, or null (unknown, revoked). Checked on every request: revocation is immediate. */
export async function authenticateKey(db: Database, clock: Clock, secret: string): Promise<Principal | null> {
  if (!secret.startsWith(AUTH_KEY_PREFIX) || secret.length > 200) return null;
  const [key] = await db
    .select()
    .from(authKeys)
    .where(and(eq(authKeys.secretHash, hashToken(secret)), isNull(authKeys.revokedAt)));
  if (!key) return null;
  const now = clock.now();
  if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db
      .update(authKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(authKeys.id, key.id), isNull(authKeys.revokedAt)));
  }
  return {
    kind: 'authKey',
    via: 'bearer',
    userId: key.createdBy ?? key.id,
    isAdmin: false,
    projectId: key.projectId,
    permissions: key.permissions,
  };
}

export function authKeyHandlers(deps: {
  db: Database;
  clock: Clock;
  permissions: PermissionResolver;
}): Handlers<AuthKeyOperations> {
  const { db, clock } = deps;
  return {
    listAuthKeys: async ({ params }) => {
      const rows = await db
        .select()
        .from(authKeys)
        .where(and(eq(authKeys.projectId, params.project), isNull(authKeys.revokedAt)))
        .orderBy(asc(authKeys.createdAt), asc(authKeys.id));
      return rows.map(toAuthKey);
    },

    createAuthKey: async ({ params, body }, request) => {
      const unknown = body.permissions.filter((p) => !isPermission(p));
      if (unknown.length > 0) {
        throw new AppError(400, 'VALIDATION_ERROR', `Unknown permission: ${unknown.join(', ')}`, [
          { path: 'body.permissions', message: `Unknown permission: ${unknown.join(', ')}` },
        ]);
      }
      const caller = request.principal!;
      // A key never carries more than its maker holds (and a key cannot make keys beyond itself).
      if (caller.kind === 'authKey') {
        const beyond = body.permissions.filter((p) => !caller.permissions?.includes(p));
        if (beyond.length)
          throw new AppError(403, 'ROLE_NOT_ASSIGNABLE', `This key does not hold ${beyond.join(', ')}.`);
      } else {
        await assertAssignable(deps.permissions, params.project, caller.userId, body.permissions);
      }
      const secret = `${AUTH_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(authKeys)
          .values({
            projectId: params.project,
            name: body.name,
            prefix: secret.slice(0, 10),
            secretHash: hashToken(secret),
            permissions: [...new Set(body.permissions)],
            createdBy: caller.kind === 'user' ? caller.userId : null,
            createdAt: clock.now(),
          })
          .returning();
        await recordAudit(tx, request, {
          target: `authkey:${created!.id}`,
          details: { name: body.name, permissions: body.permissions },
        });
        return created!;
      });
      return { key: toAuthKey(row), secret };
    },

    revokeAuthKey: async ({ params }, request) => {
      await db.transaction(async (tx) => {
        const [revoked] = await tx
          .update(authKeys)
          .set({ revokedAt: clock.now() })
          .where(and(eq(authKeys.id, params.auth), eq(authKeys.projectId, params.project), isNull(authKeys.revokedAt)))
          .returning({ id: authKeys.id });
        if (!revoked) throw new AppError(404, 'AUTH_KEY_NOT_FOUND', 'API key not found');
        await recordAudit(tx, request, { target: `authkey:${revoked.id}` });
      });
      return undefined;
    },
  };
}
