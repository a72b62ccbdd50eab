import type { operations } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../core/audit/audit.js';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { notFound } from '../../core/errors.js';
import type { Handlers } from '../../core/http/operations.js';
import { users } from './schema.js';
import { toUser } from './service.js';

type AdminUserOperations = Pick<typeof operations, 'updateUserFeatures'>;

/** Platform admins' changes to people's accounts. */
export function adminUserHandlers(deps: { db: Database; clock: Clock }): Handlers<AdminUserOperations> {
  return {
    updateUserFeatures: async ({ params, body }, request) =>
      deps.db.transaction(async (tx) => {
        const features = [...new Set(body.features)];
        const [row] = await tx
          .update(users)
          .set({ features, updatedAt: deps.clock.now() })
          .where(eq(users.id, params.userId))
          .returning();
        if (!row) throw notFound('There is no such user.', 'USER_NOT_FOUND');
        await recordAudit(tx, request, { target: `user:${row.id}`, details: { features } });
        return toUser(row);
      }),
  };
}
