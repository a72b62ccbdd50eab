import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { accountsModule } from '../accounts/index.js';
import { authHandlers } from './handlers.js';

const MINUTE = 60_000;

/** Grants to other programs: the device flow (RFC 8628), authorization codes and token checks. */
export const authModule = defineModule<'auth', object, { accounts: ServiceOf<typeof accountsModule> }>({
  name: 'auth',
  needs: ['accounts'],
  setup: (_shared, { accounts }) => ({
    handlers: authHandlers(accounts),
    rateLimits: {
      exchangeToken: { max: 60, timeWindow: MINUTE },
      createDeviceCode: { max: 10, timeWindow: MINUTE },
      authorizeDevice: { max: 10, timeWindow: MINUTE },
    },
    service: {},
  }),
});
