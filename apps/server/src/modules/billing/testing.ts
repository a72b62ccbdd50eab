import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Executor } from '../../core/db/database.js';
import { projectPlatformId } from '../projects/read-models.js';
import { invoices, transactions, wallets } from './schema.js';

/**
 * Test support of the billing module: rows written straight to billing's tables (invoices as the run
 * would leave them, bulk ledgers for exports and benches) and reads of them, for the src/test helpers,
 * other modules' tests and the benches, so none of them imports billing's tables. Not for request
 * handling: that goes through the handlers and service.ts.
 */

export type TestTransactionRow = typeof transactions.$inferSelect;
export type TestInvoiceRow = typeof invoices.$inferSelect;

/** The latest entry an administrator booked for the project (`creditWallet`'s answer). */
export async function latestAdminEntry(db: Executor, projectId: string): Promise<TestTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.projectId, projectId), eq(transactions.integration, 'admin')))
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(1);
  return row;
}

/** The project's ledger entries, oldest first; `sourceReferenceLike` narrows them (`module:%`). */
export function ledgerEntriesOf(
  db: Executor,
  projectId: string,
  options: { sourceReferenceLike?: string } = {},
): Promise<TestTransactionRow[]> {
  return db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.projectId, projectId),
        options.sourceReferenceLike === undefined
          ? undefined
          : like(transactions.sourceReference, options.sourceReferenceLike),
      ),
    )
    .orderBy(asc(transactions.createdAt));
}

/** The entries an invoice holds (its lines). */
export function invoiceLinesOf(db: Executor, invoiceId: string): Promise<TestTransactionRow[]> {
  return db.select().from(transactions).where(eq(transactions.invoiceId, invoiceId));
}

/** The project's invoices in their numbering order. */
export function invoicesOfProject(db: Executor, projectId: string): Promise<TestInvoiceRow[]> {
  return db.select().from(invoices).where(eq(invoices.projectId, projectId)).orderBy(invoices.sequence);
}

/** The cached balance and the SQL sum of the confirmed entries of the project's wallet (its first, EUR in the tests). */
export async function walletBalanceAndSum(db: Executor, projectId: string) {
  const [row] = await db
    .select({
      balance: wallets.balance,
      confirmed: sql<string>`(select coalesce(sum(amount), 0) from billing_transactions x where x.wallet_id = billing_wallets.id and x.status = 'confirmed')`,
    })
    .from(wallets)
    .where(eq(wallets.projectId, projectId));
  return { balance: row!.balance, confirmed: Number(row!.confirmed) };
}

let sequence = 0;

/**
 * An invoice row as the invoice run would leave it, carrying `lines` (their `invoiceId` is set).
 * Numbers count up per test process so they never collide on the platform's unique sequence.
 * `company` is the billing details printed on it.
 */
export async function insertInvoice(
  db: Executor,
  projectId: string,
  lines: readonly string[],
  company: TestInvoiceRow['company'],
  values: Partial<typeof invoices.$inferInsert> = {},
): Promise<TestInvoiceRow> {
  sequence += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      projectId,
      platformId: (await projectPlatformId(db, projectId))!,
      sequence,
      number: `INV-${String(sequence).padStart(6, '0')}`,
      type: 'final',
      status: 'due',
      currency: 'EUR',
      periodStart: new Date('2025-12-01T00:00:00Z'),
      periodEnd: new Date('2026-01-01T00:00:00Z'),
      subtotal: 0,
      tax: 0,
      taxRateBps: 2100,
      total: 0,
      amountDue: 0,
      lineCount: lines.length,
      company,
      issuedAt: new Date('2026-01-01T06:00:00Z'),
      dueAt: new Date('2026-01-15T06:00:00Z'),
      ...values,
    })
    .returning();
  if (lines.length > 0)
    await db
      .update(transactions)
      .set({ invoiceId: row!.id })
      .where(inArray(transactions.id, [...lines]));
  return row!;
}

/**
 * `count` due invoices of the project (type `final`, no lines, `company` printed on them) written in
 * one INSERT … SELECT generate_series, far faster than `insertInvoice` one by one: issued an hour
 * apart up to `issuedAt` (default 2026-01-01T06:00Z). Their numbers follow the highest of the
 * platform's invoices and of `insertInvoice`'s, which carries on after them. The platform's
 * invoice counter is not moved: for list reads (tests, benches), not for invoice runs after them.
 */
export async function bulkInvoices(
  db: Executor,
  projectId: string,
  count: number,
  options: { company?: TestInvoiceRow['company']; issuedAt?: string } = {},
): Promise<void> {
  if (count <= 0) return;
  const platformId = (await projectPlatformId(db, projectId))!;
  const [highest] = await db
    .select({ sequence: sql<number>`coalesce(max(${invoices.sequence}), 0)::int` })
    .from(invoices)
    .where(eq(invoices.platformId, platformId));
  const base = Math.max(Number(highest!.sequence), sequence);
  const issuedAt = new Date(options.issuedAt ?? '2026-01-01T06:00:00Z').toISOString();
  const company = options.company ? sql`${JSON.stringify(options.company)}::jsonb` : sql`null`;
  await db.execute(sql`
    insert into ${invoices} (project_id, platform_id, sequence, number, type, status, currency, period_start,
      period_end, subtotal, tax, tax_rate_bps, total, amount_due, line_count, company, issued_at, due_at)
    select ${projectId}::uuid, ${platformId}::uuid, ${base}::int + g, 'INV-' || lpad((${base}::int + g)::text, 6, '0'),
      'final', 'due', 'EUR',
      ${issuedAt}::timestamptz - ((g + 720) * interval '1 hour'), ${issuedAt}::timestamptz - (g * interval '1 hour'),
      1000 + g, 210, 2100, 1210 + g, 1210 + g, 0, ${company},
      ${issuedAt}::timestamptz - (g * interval '1 hour'), ${issuedAt}::timestamptz - (g * interval '1 hour') + interval '14 days'
    from generate_series(1, ${count}::int) as g`);
  sequence = base + count;
}

/**
 * `count` confirmed charges written in one INSERT … SELECT generate_series, far faster than the API
 * (`offset` continues a series, for inserting in slices).
 * They come in threes sharing one createdAt (a second apart per three), so paging must break ties
 * on the id. Balances are not kept: for exports and benches, which read rows, not wallets.
 */
export async function bulkTransactions(
  db: Executor,
  projectId: string,
  count: number,
  options: { start?: string; currency?: string; integration?: string; offset?: number } = {},
) {
  const currency = options.currency ?? 'EUR';
  const now = new Date(options.start ?? '2025-06-01T00:00:00Z');
  await db.insert(wallets).values({ projectId, currency, createdAt: now, updatedAt: now }).onConflictDoNothing();
  const [wallet] = await db
    .select({ id: wallets.id })
    .from(wallets)
    .where(sql`${wallets.projectId} = ${projectId} and ${wallets.currency} = ${currency}`);
  await db.execute(sql`
    insert into billing_transactions
      (project_id, wallet_id, type, status, amount, currency, integration, source_reference, description, created_at, confirmed_at)
    select ${projectId}::uuid, ${wallet!.id}::uuid, 'charge', 'confirmed', -(1 + g % 997), ${currency},
      ${options.integration ?? 'bulk'}, 'bulk-' || g, 'Bulk line ' || g,
      ${now.toISOString()}::timestamptz + ((g / 3) * interval '1 second'),
      ${now.toISOString()}::timestamptz + ((g / 3) * interval '1 second')
    from generate_series(${(options.offset ?? 0) + 1}::int, ${(options.offset ?? 0) + count}::int) as g`);
  return wallet!.id;
}
