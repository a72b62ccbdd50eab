import { execFile } from 'node:child_process';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../core/db/database.js';
import { invoices, transactions, wallets } from '../modules/billing/schema.js';
import { projects } from '../modules/projects/schema.js';
import type { TestApp } from './app.js';
import { raiseTransaction } from '../modules/billing/ledger/transactions.js';
import { billingUrl, company, type Caller, type credit } from './billing.js';
import { createProjectAs, type BearerUser } from './projects.js';

// Fixtures of the billing documents' tests: ledgers booked at chosen times, invoices written
// directly (the invoice engine is not theirs to depend on), bulk rows, and readers for the files.

/** A project whose company details are set (ledger writes need them), billed in EUR from the Netherlands. */
export async function billedProject(owner: BearerUser, name: string, details: object = company): Promise<string> {
  const p = (await createProjectAs(owner, name)).id;
  const res = await owner.call('PATCH', billingUrl('/billing', p), { company: details });
  if (res.statusCode !== 200) throw new Error(`company not set: ${res.body}`);
  return p;
}

/**
 * Books a credit (or any entry) as a platform administrator would, straight through the ledger with
 * the app clock at `at`: projects may not credit themselves (decision 022), and these fixtures need
 * credits with an integration and reference of their choosing.
 */
export async function adminBookAt(t: TestApp, p: string, at: string, body: ReturnType<typeof credit>) {
  t.clock.set(at);
  const { type, amount, currency, integration, sourceReference, confirm } = body as typeof body & {
    type: 'credit' | 'adjustment' | 'charge';
  };
  return t.database.db.transaction((tx) =>
    raiseTransaction(tx, p, { type, amount, currency, integration, sourceReference, confirm }, t.clock.now(), {
      kind: 'admin',
      reason: 'Test fixture',
    }),
  );
}

/** Books an entry through the API with the app clock at `at`: its createdAt (and confirmedAt) is then `at`. */
export async function bookAt(t: TestApp, who: Caller, p: string, at: string, body: object) {
  t.clock.set(at);
  const res = await who.call('POST', billingUrl('/transactions', p), body);
  if (res.statusCode !== 201) throw new Error(`not booked: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; amount: number; walletId: string };
}

const platformOf = async (db: Executor, projectId: string) =>
  (await db.select({ platformId: projects.platformId }).from(projects).where(eq(projects.id, projectId)))[0]!
    .platformId;

let sequence = 0;

/**
 * An invoice row as the invoice run would leave it, carrying `lines` (their `invoiceId` is set).
 * Numbers count up per test process so they never collide on the platform's unique sequence.
 */
export async function insertInvoice(
  db: Executor,
  projectId: string,
  lines: readonly string[],
  values: Partial<typeof invoices.$inferInsert> = {},
) {
  sequence += 1;
  const [row] = await db
    .insert(invoices)
    .values({
      projectId,
      platformId: await platformOf(db, projectId),
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

/** The text of a PDF, as poppler's pdftotext reads it (layout kept, so a row stays on one line). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

/** RFC 4180 records of a CSV text: quoted cells may hold commas, doubled quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell]);
  return records;
}

/** A CSV export's records as objects keyed by the header. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}
