import { defineModule } from '../../core/modules.js';
import { termsHandlers } from './handlers.js';

/** The platform's terms and who signed which version. */
export const termsModule = defineModule({
  name: 'terms',
  needs: [],
  setup: ({ db, clock }) => ({ handlers: termsHandlers({ db, clock }), service: {} }),
});
