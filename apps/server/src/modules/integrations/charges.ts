import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Clock } from '../../core/clock.js';
import type { Database } from '../../core/db/database.js';
import { AppError } from '../../core/errors.js';
import type { JobEnqueuer, JobQueue } from '../../core/jobs/queue.js';
import { payloadIs } from '../../core/jobs/inspect.js';
import { accountForLedger, addMonths, hasEntry, monthStart, raiseEntry } from '../billing/service.js';
import { lockProject } from '../projects/read-models.js';
import type { ModuleRegistry } from './lifecycle.js';
import { projectIntegrations } from './schema.js';

export const MODULE_CHARGES_QUEUE = 'integrations.monthly-charges';
const PROJECT_PAGE = 500;

type Log = (message: string, error?: unknown) => void;

/** What a charge run needs; `jobs` queues an auto top-up when a charge empties a wallet below its threshold. */
interface ChargeDeps {
  db: Database;
  clock: Clock;
  registry: ModuleRegistry;
  jobs: JobEnqueuer;
  log?: Log;
}

export interface ChargeRunResult {
  month: string;
  charged: number;
  /** Projects passed over: no company details yet, so billing takes no entries. */
  withoutCompany: string[];
  /** Projects whose charges could not be raised: their transaction rolled back. */
  failed: string[];
}

/** `2026-02` */
export const monthKey = (date: Date) => date.toISOString().slice(0, 7);
export const chargeReference = (code: string, month: Date) => `module:${code}:${monthKey(month)}`;

/**
 * The month's charge of every installed priced module, raised through billing's `raiseEntry` in the
 * project's price currency (the billing account's). Charged in advance: the run at a month's start
 * charges what is installed then. One transaction per project, holding the project's row lock so a
 * second run cannot race it; a charge already raised for the month (its source reference) is
 * skipped, so the run can be repeated. Projects without company details are passed over, as billing
 * refuses them (COMPANY_NOT_FOUND).
 */
export async function raiseModuleCharges(deps: ChargeDeps, month: Date): Promise<ChargeRunResult> {
  const { db, registry, log } = deps;
  const result: ChargeRunResult = { month: monthKey(month), charged: 0, withoutCompany: [], failed: [] };
  const priced = [...registry.values()].filter((m) => m.prices.length > 0).map((m) => m.code);
  if (priced.length === 0) return result;
  let after: string | undefined;
  for (;;) {
    const page = await db
      .selectDistinct({ id: projectIntegrations.projectId })
      .from(projectIntegrations)
      .where(
        and(
          isNull(projectIntegrations.uninstalledAt),
          inArray(projectIntegrations.code, priced),
          after ? gt(projectIntegrations.projectId, after) : undefined,
        ),
      )
      .orderBy(asc(projectIntegrations.projectId))
      .limit(PROJECT_PAGE);
    for (const { id } of page) {
      try {
        result.charged += await chargeProject(deps, id, month);
      } catch (error) {
        if (error instanceof AppError && error.code === 'COMPANY_NOT_FOUND') {
          result.withoutCompany.push(id);
          continue;
        }
        result.failed.push(id);
        log?.(`the module charges of project ${id} for ${result.month} could not be raised`, error);
      }
    }
    if (page.length < PROJECT_PAGE) return result;
    after = page.at(-1)!.id;
  }
}

async function chargeProject(deps: ChargeDeps, projectId: string, month: Date): Promise<number> {
  return deps.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const { currency } = await accountForLedger(tx, projectId);
    const installed = await tx
      .select({ code: projectIntegrations.code })
      .from(projectIntegrations)
      .where(and(eq(projectIntegrations.projectId, projectId), isNull(projectIntegrations.uninstalledAt)));
    let charged = 0;
    for (const { code } of installed) {
      const manifest = deps.registry.get(code);
      if (!manifest || manifest.prices.length === 0) continue;
      const price = manifest.prices.find((p) => p.currency === currency);
      if (!price) {
        deps.log?.(`${code} has no price in ${currency}: project ${projectId} is not charged for it`);
        continue;
      }
      const sourceReference = chargeReference(code, month);
      // A read of billing's ledger, not a write: whether this month's charge exists already.
      if (await hasEntry(tx, projectId, { integration: code, sourceReference })) continue;
      await raiseEntry(tx, deps, projectId, {
        type: 'charge',
        amount: price.monthlyAmount,
        currency: price.currency,
        integration: code,
        sourceReference,
        description: `${manifest.name}, ${monthKey(month)}`,
        confirm: true,
      });
      charged++;
    }
    return charged;
  });
}

/** At most one waiting run per month, however many processes start (JobQueue.ensure). */
const scheduleMonth = (queue: JobQueue, month: Date) => {
  const key = monthKey(month);
  return queue.ensure(MODULE_CHARGES_QUEUE, { month: key }, { runAt: month, same: payloadIs('month', key) });
};

/**
 * The monthly run on the job queue, as billing's invoice run: the job carries its month, schedules
 * the next one first (a failing run retried by the queue never stops the schedule), then raises its
 * month's charges; a run with failed projects throws so the queue retries it (done ones are skipped).
 */
export function registerModuleCharges(queue: JobQueue, deps: Omit<ChargeDeps, 'jobs'>): void {
  queue.register<{ month: string }>(MODULE_CHARGES_QUEUE, async (payload) => {
    const month = new Date(`${payload.month}-01T00:00:00Z`);
    await scheduleMonth(queue, addMonths(month, 1));
    const result = await raiseModuleCharges({ ...deps, jobs: queue }, month);
    if (result.failed.length > 0) {
      throw new Error(`${result.failed.length} project(s) could not be charged for their modules in ${result.month}`);
    }
  });
}

/** At start-up: next month's run, unless it is already waiting. */
export async function scheduleModuleCharges(queue: JobQueue, clock: Clock): Promise<void> {
  await scheduleMonth(queue, addMonths(monthStart(clock.now()), 1));
}
