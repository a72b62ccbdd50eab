/** PostgreSQL's error codes Wharf acts on (SQLSTATE, appendix A of its manual). */
export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';

/** Whether an error is PostgreSQL's `code`, however deep the drivers (pg, PGlite, Drizzle) wrap it. */
export function isPostgresError(error: unknown, code: string): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as Error).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** Postgres' unique_violation: a row like this one is already there. */
export const isUniqueViolation = (error: unknown) => isPostgresError(error, UNIQUE_VIOLATION);
