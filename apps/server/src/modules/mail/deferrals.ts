import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { BatchOutcome } from './service.js';

/**
 * How a sender treats a mail the relay put off for its recipient: tried again after each of these
 * waits in turn (seconds), and counted failed once put off MAX_DEFERRALS times (about five hours in
 * all, as a mail server's own queue would). Campaigns and flows both follow it, recording a batch's
 * outcomes set-based with the pieces below.
 */
export const DEFERRAL_DELAYS_S = [5 * 60, 15 * 60, 60 * 60, 4 * 60 * 60];
export const MAX_DEFERRALS = 5;

/**
 * One outcome as a row of the `outcome` record set a sender's statement reads
 * (`jsonb_to_recordset(…) as outcome(…, ok boolean, deferred boolean, counts int, error text)`):
 * `counts` is 1 when the deferral is held against the recipient, 0 when the relay itself was down.
 */
export function outcomeFields(outcome: BatchOutcome) {
  return {
    ok: outcome.ok,
    deferred: !outcome.ok && outcome.deferred === true,
    counts: !outcome.ok && outcome.deferred && !outcome.relayDown ? 1 : 0,
    error: outcome.ok ? null : outcome.error.slice(0, 1000),
  };
}

/** The record-set columns `outcomeFields` fills, after a sender's own (its keys). */
export const OUTCOME_COLUMNS = sql.raw('ok boolean, deferred boolean, counts int, error text');

/** Whether the outcome leaves the mail waiting to be tried again, given its row's `deferrals` so far. */
export const staysDeferred = (deferrals: AnyColumn) =>
  sql`(outcome.deferred and ${deferrals} + outcome.counts < ${MAX_DEFERRALS}::int)`;

/** A mail's status after its outcome: sent, deferred (to be tried again), or failed (put off too often). */
export const statusAfterOutcome = (deferrals: AnyColumn) =>
  sql`case when outcome.ok then 'sent' when ${staysDeferred(deferrals)} then 'deferred' else 'failed' end`;

/** The wait before trying again after a mail's `count`-th deferral (an interval; the first wait for 0). */
export const waitAfterDeferral = (count: SQL | AnyColumn) =>
  sql`make_interval(secs => (${JSON.stringify(DEFERRAL_DELAYS_S)}::jsonb
    ->> least(greatest(${count} - 1, 0), ${DEFERRAL_DELAYS_S.length - 1}::int))::int)`;
