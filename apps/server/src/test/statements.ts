import { AsyncLocalStorage } from 'node:async_hooks';
import type { DatabaseHandle } from '../core/db/database.js';

/** Marks the statements `run` itself causes, so a background job's poll in the same window is not counted. */
const statementScope = new AsyncLocalStorage<symbol>();

/**
 * How many statements Drizzle sends on `handle` from within `run` (and whatever it awaits, a request
 * injected into the app included). Statements from other async work at the same moment (a job
 * runner's poll, a timer) carry another scope and are left out: counting the whole window made the
 * count depend on the machine's load.
 */
export async function countStatements(handle: DatabaseHandle, run: () => Promise<unknown>): Promise<number> {
  const mine = Symbol('counted');
  let count = 0;
  const stop = handle.watchStatements(() => {
    if (statementScope.getStore() === mine) count += 1;
  });
  try {
    await statementScope.run(mine, run);
  } finally {
    stop();
  }
  return count;
}
