import { defineModule } from '../modules.js';
import { auditHandlers } from './handlers.js';

/** The audit log's reads (every module writes entries through core/audit/audit.ts). */
export const auditModule = defineModule({
  name: 'audit',
  needs: [],
  setup: ({ db }) => ({ handlers: auditHandlers(db), service: {} }),
});
