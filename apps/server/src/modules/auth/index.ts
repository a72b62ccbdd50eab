import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accountsModule } from '../accounts/index.js';
import { voidPendingGrants } from './grants.js';
import { authHandlers } from './handlers.js';

const MINUTE = 60_000;

/** Grants to other programs: the device flow (RFC 8628), authorization codes and token checks. */
export const authModule = defineModule<'auth', object, { accounts: ServiceOf<typeof accountsModule> }>({
  name: 'auth',
  needs: ['accounts'],
  setup: ({ clock }, { accounts }) => {
    // Signing out (or changing the password) voids the user's pending grants in the same transaction.
    accounts.sessions.signingOut.add((tx, userId) => voidPendingGrants(tx, clock.now(), userId));
    return {
      handlers: authHandlers(accounts),
      rateLimits: {
        exchangeToken: { max: 60, timeWindow: MINUTE },
        createDeviceCode: { max: 10, timeWindow: MINUTE },
        authorizeDevice: { max: 10, timeWindow: MINUTE },
      },
      service: {},
    };
  },
});
