import { and, eq, ne } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database, Executor } from '../../core/db/database.js';
import type { JobEnqueuer, JobQueue } from '../../core/jobs/queue.js';
import { holdDomainClaims, platformDomainCovering } from '../platform/read-models.js';
import { nextCheckDelay, RECHECK_FAILURES_MAX, RECHECK_INTERVAL_MS } from './schedule.js';
import { projectDomains } from './schema.js';
import type { TxtAnswer, TxtLookup } from './txt-lookup.js';

export type DomainRow = typeof projectDomains.$inferSelect;

export const DOMAIN_CHECK_QUEUE = 'domains.check';

/** Where a domain's proof lives, and what it must say (decision 036). */
export const recordName = (domain: string) => `_wharf.${domain}`;
export const expectedValue = (token: string) => `wharf-verification=${token}`;

export interface VerificationDeps {
  db: Database;
  clock: Clock;
  jobs: JobEnqueuer;
  lookup: TxtLookup;
}

type Outcome = { verified: true } | { verified: false; meanwhile: string; finally: string };

/** A value as the console shows it: quoted, cut short. */
const quoted = (value: string) => `'${value.length > 80 ? `${value.slice(0, 77)}...` : value}'`;

/** What an answer means for the domain, in words a person can act on (the record's exact name and value). */
function judge(answer: TxtAnswer, row: DomainRow): Outcome {
  const name = recordName(row.domain);
  const expected = expectedValue(row.token);
  if (answer.kind === 'records' && answer.values.includes(expected)) return { verified: true };
  if (answer.kind === 'error') {
    const words = `The DNS lookup failed: ${answer.code}`;
    return { verified: false, meanwhile: words, finally: words };
  }
  if (answer.kind === 'none') {
    return {
      verified: false,
      meanwhile: `No TXT record found at ${name} yet.`,
      finally: `No TXT record found at ${name} after 3 days.`,
    };
  }
  // Our own records first: a stale token is the likeliest mistake, other TXT records are noise.
  const ours = answer.values.filter((v) => v.startsWith('wharf-verification='));
  const shown = (ours.length > 0 ? ours : answer.values).slice(0, 3).map(quoted).join(', ');
  const words = `The TXT record at ${name} holds ${shown}, not '${expected}'.`;
  return { verified: false, meanwhile: words, finally: words };
}

/** A failed daily recheck of a verified domain, in words: what was found, and that it is not lost yet. */
const stillVerified = (found: string) =>
  `${found.replace(/ yet\.$/, '.')} It stays verified unless ${RECHECK_FAILURES_MAX} daily checks in a row fail.`;

/** Why a domain whose record is right still cannot be the project's, if it cannot. */
async function claimedElsewhere(tx: Executor, row: DomainRow): Promise<string | undefined> {
  const [other] = await tx
    .select({ id: projectDomains.id })
    .from(projectDomains)
    .where(
      and(
        eq(projectDomains.domain, row.domain),
        eq(projectDomains.status, 'verified'),
        ne(projectDomains.projectId, row.projectId),
      ),
    )
    .limit(1);
  if (other) return `Another project already uses ${row.domain}.`;
  if (await platformDomainCovering(tx, row.domain)) return `${row.domain} is now a domain of the platform itself.`;
  return undefined;
}

/** Whether the row is still the one a check started from (another check, a deletion, may have come first). */
const unchanged = (current: DomainRow, seen: DomainRow) =>
  current.status === seen.status &&
  current.checks === seen.checks &&
  current.nextCheckAt?.getTime() === seen.nextCheckAt?.getTime();

/**
 * Looks the domain's TXT record up and writes what it found. A `counted` check (the job's, or the
 * first of a failed domain checked again) moves the schedule: the next check, or `failed` once the
 * window is over. An uncounted one (the console's "Check now" on a pending domain) only verifies it
 * or tells why not. A verified domain's daily recheck counts its failures in a row in `checks` and
 * fails it at the third (schedule.ts). The lookup runs outside any transaction; the write is skipped
 * when the row moved meanwhile. Answers the row as it is after, undefined when it was deleted.
 */
export async function checkDomain(
  deps: VerificationDeps,
  seen: DomainRow,
  options: { counted: boolean },
): Promise<DomainRow | undefined> {
  const { db, clock, jobs, lookup } = deps;
  const outcome = judge(await lookup(recordName(seen.domain)), seen);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(projectDomains).where(eq(projectDomains.id, seen.id)).for('update');
    if (!current || !unchanged(current, seen)) return current;
    const now = clock.now();
    const recheckLater = async () => {
      const nextCheckAt = new Date(now.getTime() + RECHECK_INTERVAL_MS);
      await jobs.enqueue(tx, DOMAIN_CHECK_QUEUE, { domainId: current.id }, { runAt: nextCheckAt });
      return nextCheckAt;
    };
    if (current.status === 'verified') {
      // The daily recheck: `checks` counts the failures in a row, from 0 at verification.
      const failures = outcome.verified ? 0 : current.checks + 1;
      const set: Partial<DomainRow> = outcome.verified
        ? { failure: null, nextCheckAt: await recheckLater() }
        : failures >= RECHECK_FAILURES_MAX
          ? { status: 'failed', failure: outcome.finally, nextCheckAt: null }
          : { failure: stillVerified(outcome.meanwhile), nextCheckAt: await recheckLater() };
      const [updated] = await tx
        .update(projectDomains)
        .set({ ...set, checks: failures, lastCheckedAt: now })
        .where(eq(projectDomains.id, current.id))
        .returning();
      return updated;
    }
    let checks = current.checks + (options.counted ? 1 : 0);
    let set: Partial<DomainRow>;
    if (outcome.verified) {
      // Claims of one name take turns, so two projects verifying it at once cannot both win.
      await holdDomainClaims(tx);
      const refusal = await claimedElsewhere(tx, current);
      if (refusal) {
        set = { status: 'failed', failure: refusal, nextCheckAt: null };
      } else {
        set = { status: 'verified', failure: null, nextCheckAt: await recheckLater(), verifiedAt: now };
        checks = 0;
      }
    } else if (!options.counted) {
      set = { failure: outcome.meanwhile };
    } else {
      const delay = nextCheckDelay(checks);
      if (delay === undefined) {
        set = { status: 'failed', failure: outcome.finally, nextCheckAt: null };
      } else {
        const nextCheckAt = new Date(now.getTime() + delay);
        set = { failure: outcome.meanwhile, nextCheckAt };
        await jobs.enqueue(tx, DOMAIN_CHECK_QUEUE, { domainId: current.id }, { runAt: nextCheckAt });
      }
    }
    const [updated] = await tx
      .update(projectDomains)
      .set({ ...set, checks, lastCheckedAt: now })
      .where(eq(projectDomains.id, current.id))
      .returning();
    return updated;
  });
}

/**
 * The background check: one job per scheduled check (a pending domain's, or a verified one's daily
 * recheck), carrying the domain's id. A job that finds its domain gone, failed or not yet due (a check
 * moved the schedule) does nothing.
 */
export function registerDomainChecks(queue: JobQueue, deps: VerificationDeps): void {
  queue.register<{ domainId: string }>(DOMAIN_CHECK_QUEUE, async ({ domainId }) => {
    const [row] = await deps.db.select().from(projectDomains).where(eq(projectDomains.id, domainId));
    if (!row || row.status === 'failed' || !row.nextCheckAt) return;
    if (row.nextCheckAt.getTime() > deps.clock.now().getTime()) return;
    await checkDomain(deps, row, { counted: true });
  });
}
