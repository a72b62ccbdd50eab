import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { AccessResolver } from '../../core/http/access.js';
import type { accountsModule } from '../accounts/index.js';
import { accountResolver } from '../accounts/resolver.js';
import { authKeyHandlers } from './auth-keys.js';
import { MemoryDecisionCache, RedisDecisionCache, type DecisionCache } from './decision-cache.js';
import { accessHandlers } from './handlers.js';
import { roleHandlers } from './role-handlers.js';
import { PermissionResolver, syncBuiltInRoles } from './service.js';

export interface AccessService {
  /** Who may do what in which project (cached; invalidated on every change, on every process). */
  permissions: PermissionResolver;
  /** Who the caller of a request is: session cookie, bearer token or project auth key. */
  resolver: AccessResolver;
}

/** Roles, permissions and auth keys: who may do what in a project, and who is calling. */
export const accessModule = (options: { resolver?: AccessResolver } = {}) =>
  defineModule<'access', AccessService, { accounts: ServiceOf<typeof accountsModule> }>({
    name: 'access',
    needs: ['accounts'],
    setup: async ({ db, clock, config, redis, log }, { accounts }) => {
      await syncBuiltInRoles(db);
      // Every process drops a changed decision at once when Redis is there (decision 009).
      const decisions: DecisionCache = redis
        ? new RedisDecisionCache(redis, `${config.REDIS_KEY_PREFIX}perm:`, log)
        : new MemoryDecisionCache();
      const permissions = new PermissionResolver(db, undefined, config.PERMISSION_CACHE_MS, decisions);
      const resolver =
        options.resolver ??
        accountResolver({ db, sessions: accounts.sessions, tokens: accounts.tokens, permissions, clock });
      return {
        handlers: {
          ...accessHandlers(permissions),
          ...authKeyHandlers({ db, clock, permissions }),
          ...roleHandlers({ db, permissions }),
        },
        service: { permissions, resolver },
      };
    },
  });
