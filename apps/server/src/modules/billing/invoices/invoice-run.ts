import { and, asc, gt, isNotNull } from 'drizzle-orm';
import type { Clock } from '../../../core/clock.js';
import type { Database } from '../../../core/db/database.js';
import type { JobQueue } from '../../../core/jobs/queue.js';
import { payloadIs } from '../../../core/jobs/inspect.js';
import type { PaymentGateway } from '../gateway/gateway.js';
import { addMonths, monthStart } from './invoice-lines.js';
import { collectDueInvoices, collectInvoice } from './invoice-payments.js';
import { issueInvoice } from './invoices.js';
import { billingAccounts } from '../schema.js';

export const INVOICE_RUN_QUEUE = 'billing.invoice-run';
export const INVOICE_COLLECTION_QUEUE = 'billing.invoice-collection';
/** The collector looks for due attempts this often. */
export const COLLECTION_INTERVAL_MS = 60 * 60 * 1000;
/** Projects read per page: the run's memory stays flat however many projects there are. */
const PROJECT_PAGE = 500;

type Log = (message: string, error?: unknown) => void;

export interface RunResult {
  periodStart: Date;
  periodEnd: Date;
  /** Projects looked at (those whose billing is set up). */
  projects: number;
  invoices: number;
  /** Projects whose invoice could not be issued: their transaction rolled back (and gave its number back). */
  failed: string[];
}

/** The period that ends at `periodEnd`: the calendar month before it (UTC). */
export const periodEndingAt = (periodEnd: Date) => ({ periodStart: addMonths(periodEnd, -1), periodEnd });

/**
 * The invoice run of the period ending at `periodEnd`: project by project (those with company
 * details, paged by id), one transaction each, so one project's failure costs only its own invoice
 * and no transaction holds the platform's invoice counter for longer than one invoice. A second run
 * of the period issues nothing (`issueInvoice` finds the period's invoice). Each new invoice with an
 * amount due is charged at once; one that cannot be is left to the collector's schedule.
 */
export async function runInvoicesForPeriod(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  periodEnd: Date,
  log?: Log,
): Promise<RunResult> {
  const { periodStart } = periodEndingAt(periodEnd);
  const result: RunResult = { periodStart, periodEnd, projects: 0, invoices: 0, failed: [] };
  let after: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: billingAccounts.projectId })
      .from(billingAccounts)
      .where(and(isNotNull(billingAccounts.company), after ? gt(billingAccounts.projectId, after) : undefined))
      .orderBy(asc(billingAccounts.projectId))
      .limit(PROJECT_PAGE);
    for (const { id } of page) {
      result.projects++;
      let invoice;
      try {
        invoice = await db.transaction((tx) =>
          issueInvoice(tx, id, { type: 'period', periodStart, periodEnd, confirmedBefore: periodEnd }, clock.now()),
        );
      } catch (error) {
        result.failed.push(id);
        log?.(`the invoice of project ${id} for ${periodStart.toISOString()} could not be issued`, error);
        continue;
      }
      if (!invoice) continue;
      result.invoices++;
      if (invoice.nextAttemptAt) await collectSoon(db, gateway, invoice, clock.now(), log);
    }
    if (page.length < PROJECT_PAGE) return result;
    after = page.at(-1)!.id;
  }
}

/** The first attempt right after issue; a failure to reach the gateway leaves it to the hourly collector. */
export async function collectSoon(
  db: Database,
  gateway: PaymentGateway,
  invoice: { projectId: string; id: string },
  now: Date,
  log?: Log,
) {
  try {
    await collectInvoice(db, gateway, invoice, now);
  } catch (error) {
    log?.(`invoice ${invoice.id} could not be collected yet`, error);
  }
}

// At most one pending run per period and one pending collector (JobQueue.ensure).
const scheduleRun = (queue: JobQueue, periodEnd: Date) =>
  queue.ensure(
    INVOICE_RUN_QUEUE,
    { periodEnd: periodEnd.toISOString() },
    { runAt: periodEnd, same: payloadIs('periodEnd', periodEnd.toISOString()) },
  );

const scheduleCollection = (queue: JobQueue, runAt: Date) => queue.ensure(INVOICE_COLLECTION_QUEUE, {}, { runAt });

/**
 * The monthly run and the hourly collector on the job queue. The run's job carries its period; when
 * it fires it first schedules the next month's (so a run that fails and is retried by the queue
 * never stops the schedule), then runs its period — a period missed while the server was down is
 * still run when it comes back, in order. A run with failed projects throws, so the queue retries
 * it: finished projects are skipped the second time.
 */
export function registerInvoiceJobs(
  queue: JobQueue,
  deps: { db: Database; gateway: PaymentGateway; clock: Clock; log?: Log },
) {
  const { db, gateway, clock, log } = deps;
  queue.register<{ periodEnd: string }>(INVOICE_RUN_QUEUE, async (payload) => {
    const periodEnd = new Date(payload.periodEnd);
    await scheduleRun(queue, addMonths(periodEnd, 1));
    const result = await runInvoicesForPeriod(db, gateway, clock, periodEnd, log);
    if (result.failed.length > 0) {
      throw new Error(`${result.failed.length} project(s) could not be invoiced for ${payload.periodEnd}`);
    }
  });
  queue.register(INVOICE_COLLECTION_QUEUE, async () => {
    const now = clock.now();
    await scheduleCollection(queue, new Date(now.getTime() + COLLECTION_INTERVAL_MS));
    await collectDueInvoices(db, gateway, now, log);
  });
}

/** At start-up: the next month's run and the next collector, unless they are already waiting. */
export async function scheduleInvoiceJobs(queue: JobQueue, clock: Clock) {
  const now = clock.now();
  await scheduleRun(queue, addMonths(monthStart(now), 1));
  await scheduleCollection(queue, new Date(now.getTime() + COLLECTION_INTERVAL_MS));
}
