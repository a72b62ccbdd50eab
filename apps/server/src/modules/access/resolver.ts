import type { FastifyRequest } from 'fastify';
import type { AccessResolver, Principal } from '../../core/http/access.js';
import { SESSION_COOKIE } from '../../core/security/cookies.js';
import type { TokenService } from '../../core/security/tokens.js';
import type { SessionStore } from '../accounts/sessions.js';
import { findUserById } from '../accounts/service.js';
import type { Database } from '../../core/db/database.js';
import { isPermission } from '@wharf/contract';
import type { PermissionResolver } from './service.js';
import { authenticateKey } from './auth-keys.js';
import type { Clock } from '../../core/clock.js';

/**
 * The console's account API is reached with the session cookie (CSRF-checked); the service API
 * with a bearer token. A cookie never authorises a /v1 call, so /v1 needs no CSRF defence.
 */
export function accountResolver(deps: {
  db: Database;
  sessions: SessionStore;
  tokens: TokenService;
  permissions: PermissionResolver;
  clock: Clock;
}): AccessResolver {
  return {
    async authenticate(request: FastifyRequest, access) {
      if (access.kind === 'session') {
        const found = await deps.sessions.load(request.cookies[SESSION_COOKIE]);
        if (!found) return null;
        request.account = found;
        return { kind: 'user', via: 'session', userId: found.user.id, isAdmin: found.user.isAdmin };
      }
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return null;
      const bearer = header.slice('Bearer '.length).trim();
      const key = await authenticateKey(deps.db, deps.clock, bearer);
      if (key) return key;
      let claims;
      try {
        claims = await deps.tokens.verify(bearer);
      } catch {
        return null;
      }
      // Admin rights are read fresh: a token minted before they were taken away must not keep them.
      const user = access.kind === 'admin' ? await findUserById(deps.db, claims.userId) : undefined;
      const principal: Principal = {
        kind: 'user',
        via: 'bearer',
        userId: claims.userId,
        isAdmin: user?.isAdmin ?? false,
        tokenExpiresAt: claims.expiresAt,
      };
      return principal;
    },
    // The same resolver answers POST /v1/enforcer/enforce, so the hook and the API never disagree.
    hasPermission: async (principal, projectId, permission) => {
      if (!isPermission(permission)) return false;
      // A key holds exactly what it was given (its project is checked by the hook).
      if (principal.kind === 'authKey') return principal.permissions?.includes(permission) ?? false;
      return deps.permissions.has(projectId, principal.userId, permission);
    },
  };
}
