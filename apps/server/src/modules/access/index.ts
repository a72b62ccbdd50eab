import type { AccessResolver } from '../../core/http/access.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accountsModule } from '../accounts/index.js';
import type { mailModule } from '../mail/index.js';
import type { notificationsModule } from '../notifications/index.js';
import type { platformModule } from '../platform/index.js';
import type { projectsModule } from '../projects/index.js';
import { authKeyHandlers } from './auth-keys.js';
import { MemoryDecisionCache, RedisDecisionCache, type DecisionCache } from './decision-cache.js';
import { accessHandlers } from './handlers.js';
import { inviteHandlers } from './invite-handlers.js';
import { invitationCount } from './invites.js';
import { memberHandlers } from './member-handlers.js';
import { accountResolver } from './resolver.js';
import { roleHandlers } from './role-handlers.js';
import { makeOwner, ownsProjectIn, PermissionResolver, syncBuiltInRoles } from './service.js';
import { installTemplateRoles } from './template-roles.js';

const MINUTE = 60_000;

export interface AccessService {
  /** Who may do what in which project (cached; invalidated on every change, on every process). */
  permissions: PermissionResolver;
  /** Who the caller of a request is: session cookie, bearer token or project auth key. */
  resolver: AccessResolver;
}

/**
 * Who may do what in a project and who is calling: roles and their permissions, members' roles,
 * invitations, auth keys, and the resolver behind every /v1 call.
 */
export const accessModule = (options: { resolver?: AccessResolver } = {}) =>
  defineModule<
    'access',
    AccessService,
    {
      platform: ServiceOf<typeof platformModule>;
      mail: ServiceOf<typeof mailModule>;
      accounts: ServiceOf<typeof accountsModule>;
      projects: ServiceOf<typeof projectsModule>;
      notifications: ServiceOf<typeof notificationsModule>;
    }
  >({
    name: 'access',
    needs: ['platform', 'mail', 'accounts', 'projects', 'notifications'],
    setup: async ({ db, clock, config, redis, log }, { platform, mail, accounts, projects, notifications }) => {
      await syncBuiltInRoles(db);
      // Every process drops a changed decision at once when Redis is there (decision 009).
      const decisions: DecisionCache = redis
        ? new RedisDecisionCache(redis, `${config.REDIS_KEY_PREFIX}perm:`, log)
        : new MemoryDecisionCache();
      const permissions = new PermissionResolver(db, undefined, config.PERMISSION_CACHE_MS, decisions);
      const resolver =
        options.resolver ??
        accountResolver({ db, sessions: accounts.sessions, tokens: accounts.tokens, permissions, clock });

      // Projects' moments that concern roles: a new project's owner, a template's roles, a project gone.
      projects.created.add((tx, project, creatorId) => makeOwner(tx, project.id, creatorId));
      projects.templateParts.add(installTemplateRoles);
      projects.templateInstalled.add((projectId) => permissions.invalidateProject(projectId));
      projects.deleting.add(async (tx, projectId) => ({ invitations: await invitationCount(tx, projectId) }));
      projects.deleted.add((projectId) => permissions.invalidateProject(projectId));
      projects.ownsProjectIn.provide(ownsProjectIn);

      return {
        handlers: {
          ...accessHandlers(permissions),
          ...authKeyHandlers({ db, clock, permissions }),
          ...roleHandlers({ db, permissions, notifications }),
          ...memberHandlers({ db, permissions, notifications }),
          ...inviteHandlers({ db, clock, mail, permissions, platform, notifications, publicUrl: config.PUBLIC_URL }),
        },
        rateLimits: { acceptInvite: { max: 20, timeWindow: MINUTE } },
        service: { permissions, resolver },
      };
    },
  });
