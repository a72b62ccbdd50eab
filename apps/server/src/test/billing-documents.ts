import { execFile } from 'node:child_process';
import type { Executor } from '../core/db/database.js';
import { bulkTransactions, insertInvoice as insertInvoiceRow } from '../modules/billing/testing.js';
import type { TestApp } from './app.js';
import { raiseTransaction } from '../modules/billing/ledger/transactions.js';
import { billingUrl, company, type Caller, type credit } from './billing.js';
import { parseCsv } from './csv.js';
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

/**
 * An invoice row as the invoice run would leave it, carrying `lines` (their `invoiceId` is set), with
 * the tests' company details on it.
 */
export const insertInvoice = (
  db: Executor,
  projectId: string,
  lines: readonly string[],
  values: Parameters<typeof insertInvoiceRow>[4] = {},
) => insertInvoiceRow(db, projectId, lines, company, values);

export { bulkTransactions };

/** The text of a PDF, as poppler's pdftotext reads it (layout kept, so a row stays on one line). */
export function pdfText(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile('pdftotext', ['-layout', '-', '-'], { encoding: 'utf8' }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
    child.stdin!.end(pdf);
  });
}

// The reader lives in test/csv.ts (the storefront's exports read files too); billing's tests import it here.
export { parseCsv };

/** A CSV export's records as objects keyed by the header. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}
