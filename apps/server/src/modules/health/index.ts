import { defineModule } from '../../core/modules.js';
import { healthHandlers } from './handlers.js';

/** Liveness and readiness: the load balancer's questions. */
export const healthModule = defineModule({
  name: 'health',
  needs: [],
  setup: ({ database }) => ({ handlers: healthHandlers(database), service: {} }),
});
