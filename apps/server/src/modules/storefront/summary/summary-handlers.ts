import type { operations } from '@wharf/contract';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import type { Handlers } from '../../../core/http/operations.js';
import { projectTimeZoneSetting } from '../../projects/read-models.js';
import type { PlatformScope } from '../platform-scope.js';
import { storefrontSummary, summaryTimeZone } from './summary.js';

type SummaryOperations = Pick<typeof operations, 'getStorefrontSummary'>;

/** The dashboard's storefront card: orders and revenue per day, in the project's time zone. */
export function summaryHandlers(deps: {
  db: Database;
  clock: Clock;
  scope: PlatformScope;
}): Handlers<SummaryOperations> {
  const { db, clock, scope } = deps;
  return {
    getStorefrontSummary: async ({ params, query }) => {
      await scope.assert(query.project, params.platformId);
      const timeZone = summaryTimeZone(await projectTimeZoneSetting(db, query.project));
      return storefrontSummary(db, query.project, { days: query.days, now: clock.now(), timeZone });
    },
  };
}
