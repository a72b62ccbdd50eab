import { isPermission, permissionCatalogue, type operations } from '@wharf/contract';
import { AppError, notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import type { PermissionResolver } from './service.js';

type AccessOperations = Pick<typeof operations, 'enforce' | 'listPermissions' | 'getPermission'>;

export function accessHandlers(resolver: PermissionResolver): Handlers<AccessOperations> {
  return {
    enforce: async ({ body }, request, reply) => {
      const caller = request.principal!;
      // Anyone may ask about themselves; asking about someone else takes seeing the project's members.
      if (body.user !== caller.userId && !(await resolver.has(body.project, caller.userId, 'members.read'))) {
        throw new AppError(403, 'FORBIDDEN', "You need the members.read permission to check another member's access.");
      }
      // The answer always names the roles behind it, also when the decision comes from the cache.
      const decision = await resolver.decide(body.project, body.user, body.permissions, { explain: true });
      const result = {
        permissions: { granted: decision.granted, denied: decision.denied },
        resolutions: { roles: decision.roles },
      };
      if (decision.denied.length === 0) return result;
      reply.code(403);
      // The denial is an answer, not a failure: the lists travel with the usual code and message.
      return {
        code: 'PERMISSION_DENIED',
        message: `Denied: ${decision.denied.join(', ')}.`,
        ...result,
      } as never;
    },
    listPermissions: () => Object.entries(permissionCatalogue).map(([key, description]) => ({ key, description })),
    getPermission: ({ params }) => {
      if (!isPermission(params.permission))
        throw notFound(`No permission ${params.permission}`, 'PERMISSION_NOT_FOUND');
      return { key: params.permission, description: permissionCatalogue[params.permission] };
    },
  };
}
