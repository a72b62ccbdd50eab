import { sql } from 'drizzle-orm';
import { PLAN_PER_CALL_MARK } from './prepared-statements.js';

/**
 * A condition that is always true and marks its statement to be planned at every call with its own
 * values (PreparingClient leaves it unnamed): for queries whose best plan depends on a value, such as
 * how common a searched word is.
 */
export const planPerCall = () => sql.raw(`${PLAN_PER_CALL_MARK} true`);
