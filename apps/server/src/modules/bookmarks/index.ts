import { defineModule } from '../../core/modules.js';
import { bookmarkHandlers } from './handlers.js';

/** A person's bookmark tabs and bookmarks in the console's header. */
export const bookmarksModule = defineModule({
  name: 'bookmarks',
  needs: [],
  setup: ({ db, clock }) => ({ handlers: bookmarkHandlers({ db, clock }), service: {} }),
});
