/**
 * When a pending custom domain is checked (decision 036): at once, then 1 min, 5 min, 15 min, 1 h and
 * 6 h later, then every 12 h, for 72 h from its first check; the check at the 72nd hour is the last.
 * The schedule is counted in checks, not read from a clock, so a window restarts cleanly when a
 * failed domain is checked again, and a late worker does not shorten it.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const CHECK_WINDOW_MS = 72 * HOUR;
const DELAYS_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 6 * HOUR];
const THEN_EVERY_MS = 12 * HOUR;

/** Where check number `checks` (1 is the first, at once) falls in the window, from its start. */
export function checkOffset(checks: number): number {
  let offset = 0;
  for (let n = 1; n < checks; n++) offset += Math.min(DELAYS_MS[n - 1] ?? THEN_EVERY_MS, CHECK_WINDOW_MS - offset);
  return offset;
}

/** How long after check number `checks` the next one comes, or undefined when that was the last. */
export function nextCheckDelay(checks: number): number | undefined {
  const offset = checkOffset(checks);
  if (offset >= CHECK_WINDOW_MS) return undefined;
  return Math.min(DELAYS_MS[checks - 1] ?? THEN_EVERY_MS, CHECK_WINDOW_MS - offset);
}

/** A manual check (the console's "Check now") waits this long after the domain's last check. */
export const CHECK_NOW_INTERVAL_MS = 10_000;

/**
 * A verified domain is checked again once a day, so removing its record (or handing the domain to
 * someone else) does not leave it verified for ever. One failed recheck is a DNS blip; it loses its
 * verification when the record has been missing at three daily rechecks in a row (3 days), as long as
 * a new domain is given to prove itself.
 */
export const RECHECK_INTERVAL_MS = 24 * HOUR;
export const RECHECK_FAILURES_MAX = 3;
