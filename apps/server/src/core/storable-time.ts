/** The earliest and latest times PostgreSQL and JavaScript both represent: the years 1 to 9999. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/** Whether a time (milliseconds since the epoch, NaN for an unreadable one) can be stored and read back. */
export function isStorableTime(ms: number): boolean {
  return ms >= EARLIEST && ms <= LATEST;
}
