import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ExportColumn } from '@wharf/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../../../test/app.js';
import { bearerToken, billingUrl, type Caller, callerFor, charge, credit } from '../../../test/billing.js';
import {
  adminBookAt,
  billedProject,
  bookAt,
  bulkTransactions,
  csvObjects,
  insertInvoice,
  parseCsv,
} from '../../../test/billing-documents.js';
import { bearerUser, type BearerUser } from '../../../test/projects.js';
import { makeAdmin } from '../../accounts/testing.js';
import { currencyDigits, majorUnits, safeText } from '../../../core/export-format.js';
import { transactionsCsv } from './exports.js';
import { transactions } from '../schema.js';

const START = '2026-01-15T12:00:00Z';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

describe('money and text in exported files', () => {
  it('writes minor units as exact decimals with the currency digits', () => {
    expect(majorUnits(-1_234, 'EUR')).toBe('-12.34');
    expect(majorUnits(5, 'EUR')).toBe('0.05');
    expect(majorUnits(-5, 'EUR')).toBe('-0.05');
    expect(majorUnits(0, 'EUR')).toBe('0.00');
    expect(majorUnits(1_234, 'JPY')).toBe('1234');
    expect(majorUnits(-1_234_567, 'BHD')).toBe('-1234.567');
    expect(currencyDigits('JPY')).toBe(0);
  });

  it('round-trips every amount the contract allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom('EUR', 'JPY', 'BHD', 'USD'),
        (minor, currency) => {
          const text = majorUnits(minor, currency);
          expect(text).toMatch(currencyDigits(currency) === 0 ? /^-?\d+$/ : /^-?\d+\.\d+$/);
          expect(Number(text.replace('.', ''))).toBe(minor);
        },
      ),
    );
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const risky of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(safeText(risky)).toBe(`'${risky}`);
    expect(safeText('Order 1')).toBe('Order 1');
    expect(safeText(null)).toBe('');
  });
});

describe('transaction exports (CSV, streamed)', () => {
  let t: TestApp;
  let owner: BearerUser;
  let admin: Caller;
  let p: string;
  const ids: Record<string, string> = {};

  const exportOf = async (path: string, project: string, body: object = {}, who: Caller = owner) => {
    t.clock.set(START);
    return who.call('POST', billingUrl(path, project), body);
  };

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'exports.owner@example.com');
    const adminUser = await bearerUser(t, 'exports.admin@example.com');
    await makeAdmin(t.database.db, { id: adminUser.user.id });
    admin = await callerFor(t, adminUser.user.id);
    p = await billedProject(owner, 'Exports');
    ids.credit = (await adminBookAt(t, p, '2025-10-01T08:00:00Z', credit(100_000))).id;
    ids.charge = (
      await bookAt(t, owner, p, '2025-10-02T08:00:00Z', charge(1_234, { description: 'Order, "big" one' }))
    ).id;
    // A request's text is one line now (decision 023); a module raising an entry in-process, or an
    // older row, can still hold a line break, and the CSV must quote it.
    await t.database.db
      .update(transactions)
      .set({ description: 'Order, "big" one\nsecond line' })
      .where(eq(transactions.id, ids.charge));
    ids.formula = (
      await bookAt(
        t,
        owner,
        p,
        '2025-10-03T08:00:00Z',
        charge(50, { sourceReference: '=HYPERLINK("http://evil")', description: '@SUM(A1)' }),
      )
    ).id;
    ids.pending = (
      await bookAt(t, owner, p, '2025-11-04T08:00:00Z', charge(75, { confirm: false, integration: 'mail-campaigns' }))
    ).id;
    ids.late = (
      await bookAt(
        t,
        owner,
        p,
        '2025-12-05T08:00:00Z',
        charge(5, { integration: 'mail-campaigns', sourceReference: 'mc-5' }),
      )
    ).id;
  });
  afterAll(() => t.close());

  it('answers a CSV file with a header row and every column, amounts exact in major units', async () => {
    const res = await exportOf('/transactions/export', p);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="transactions-${p}-2026-01-15.csv"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(ExportColumn.options);
    expect(rows).toHaveLength(5);
    const first = csvObjects(res.body)[0];
    expect(first).toEqual({
      id: ids.credit,
      createdAt: '2025-10-01T08:00:00.000Z',
      confirmedAt: '2025-10-01T08:00:00.000Z',
      type: 'credit',
      status: 'confirmed',
      amount: '1000.00',
      currency: 'EUR',
      integration: 'wallet',
      sourceReference: 'top-up-100000',
      description: '',
      invoiceId: '',
    });
    // Oldest first, as a ledger reads.
    expect(rows.map((r) => r[0])).toEqual([ids.credit, ids.charge, ids.formula, ids.pending, ids.late]);
    expect(csvObjects(res.body)[1]!.amount).toBe('-12.34');
    expect(csvObjects(res.body)[4]!.amount).toBe('-0.05');
  });

  it('quotes commas, quotes and line breaks, and defuses formulas in text cells', async () => {
    const res = await exportOf('/transactions/export', p, { columns: ['amount', 'sourceReference', 'description'] });
    expect(res.body.split('\r\n')[2]).toBe('-12.34,order-1234,"Order, ""big"" one\nsecond line"');
    const rows = parseCsv(res.body);
    expect(rows[2]).toEqual(['-12.34', 'order-1234', 'Order, "big" one\nsecond line']);
    expect(rows[3]).toEqual(['-0.50', `'=HYPERLINK("http://evil")`, `'@SUM(A1)`]);
  });

  it('writes only the columns asked for, in the order asked', async () => {
    const res = await exportOf('/transactions/export', p, { columns: ['amount', 'id', 'type'] });
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual(['amount', 'id', 'type']);
    expect(rows[1]).toEqual(['1000.00', ids.credit, 'credit']);
    const refused = await exportOf('/transactions/export', p, { columns: ['amount', 'secret'] });
    expect(refused.statusCode).toBe(400);
  });

  it('filters like the list: type, status, integration, search and the created range', async () => {
    const idsOf = async (body: object) =>
      csvObjects((await exportOf('/transactions/export', p, { columns: ['id'], ...body })).body).map((r) => r.id);
    expect(await idsOf({ type: 'credit' })).toEqual([ids.credit]);
    expect(await idsOf({ status: 'pending' })).toEqual([ids.pending]);
    expect(await idsOf({ integration: 'mail-campaigns' })).toEqual([ids.pending, ids.late]);
    expect(await idsOf({ search: 'BIG' })).toEqual([ids.charge]);
    expect(await idsOf({ search: 'mc-5' })).toEqual([ids.late]);
    // `from` inclusive, `to` exclusive.
    expect(await idsOf({ from: '2025-10-02T08:00:00Z', to: '2025-11-04T08:00:00Z' })).toEqual([
      ids.charge,
      ids.formula,
    ]);
    expect(await idsOf({ from: '2026-01-01T00:00:00Z' })).toEqual([]);
  });

  it('writes the header alone when nothing matches', async () => {
    const res = await exportOf('/transactions/export', p, { type: 'refund', columns: ['id', 'amount'] });
    expect(res.body).toBe('id,amount\r\n');
  });

  it("exports an invoice's lines; another project's invoice is not found", async () => {
    const invoice = await insertInvoice(t.database.db, p, [ids.charge!, ids.formula!]);
    const res = await exportOf(`/invoices/${invoice.id}/transactions/export`, p, { columns: ['id', 'invoiceId'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(`transactions-${invoice.number}-2026-01-15.csv`);
    expect(csvObjects(res.body)).toEqual([
      { id: ids.charge, invoiceId: invoice.id },
      { id: ids.formula, invoiceId: invoice.id },
    ]);
    const other = await billedProject(owner, 'Exports other');
    for (const id of [invoice.id, UNKNOWN]) {
      const refused = await exportOf(`/invoices/${id}/transactions/export`, other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'INVOICE_NOT_FOUND', message: 'Invoice not found' });
    }
  });

  it("exports a statement's entries: its wallet's, confirmed within its period", async () => {
    t.clock.set(START);
    const summary = (
      await owner.call('POST', billingUrl('/summaries', p), {
        periodStart: '2025-10-02T00:00:00Z',
        periodEnd: '2025-12-01T00:00:00Z',
      })
    ).json();
    const res = await exportOf(`/summaries/${summary.id}/transactions/export`, p, { columns: ['id'] });
    expect(res.statusCode).toBe(200);
    // The pending entry of November was never confirmed: it is not on the statement.
    expect(csvObjects(res.body).map((r) => r.id)).toEqual([ids.charge, ids.formula]);
    expect(csvObjects(res.body)).toHaveLength(summary.transactionCount);
  });

  describe('many rows', () => {
    let big: string;
    beforeAll(async () => {
      big = await billedProject(owner, 'Exports big');
      await bulkTransactions(t.database.db, big, 5_000);
    });

    it('streams 5,000 rows across several batches, in order, each once', async () => {
      const res = await exportOf('/transactions/export', big, { columns: ['id', 'createdAt', 'amount'] });
      expect(res.statusCode).toBe(200);
      const rows = csvObjects(res.body);
      expect(rows).toHaveLength(5_000);
      expect(new Set(rows.map((r) => r.id)).size).toBe(5_000);
      const expected = await t.database.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.projectId, big))
        .orderBy(asc(transactions.createdAt), asc(transactions.id));
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    });

    it('pages by (createdAt, id) without losing or repeating rows that share a time, whatever the batch size', async () => {
      const expected = await t.database.db
        .select({ id: transactions.id })
        .from(transactions)
        .where(eq(transactions.projectId, big))
        .orderBy(asc(transactions.createdAt), asc(transactions.id))
        .limit(40);
      const where = and(eq(transactions.projectId, big), sql`${transactions.createdAt} < '2025-06-01T00:00:13Z'`);
      for (const batchSize of [1, 2, 3, 7, 39, 40, 41]) {
        const text = await readAll(transactionsCsv(t.database.db, { where, columns: ['id'], batchSize }));
        expect(
          csvObjects(text).map((r) => r.id),
          `batch size ${batchSize}`,
        ).toEqual(expected.map((r) => r.id).slice(0, 38));
      }
    });

    it('reads the database only as fast as the reader takes rows, and stops when it goes away', async () => {
      // Each read (the bound, then every batch) is a short transaction of its own: count them.
      let queries = 0;
      const db = t.database.db;
      const counting = new Proxy(db, {
        get: (target, key) =>
          key === 'transaction'
            ? (...args: Parameters<typeof db.transaction>) => {
                queries += 1;
                return target.transaction(...args);
              }
            : Reflect.get(target, key),
      });
      const stream = transactionsCsv(counting, { where: eq(transactions.projectId, big), batchSize: 100 });
      const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
      stream.pause();
      expect(first.toString()).toMatch(/^id,createdAt/);
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Backpressure: with nobody reading, the buffers fill and the batches stop (there are 50).
      const whilePaused = queries;
      expect(whilePaused).toBeLessThan(10);
      const closed = new Promise((resolve) => stream.once('close', resolve));
      stream.destroy();
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(queries).toBeLessThanOrEqual(whilePaused + 1);
    });

    it('releases the database when the client disconnects mid-download', async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const token = await bearerToken(t, owner.user.id);
      t.clock.set(START);
      const firstChunk = await new Promise<string>((resolve, reject) => {
        const req = httpRequest(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: billingUrl('/transactions/export', big),
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              // Hang up as soon as the file starts arriving.
              req.destroy();
              resolve(chunk.toString());
            });
          },
        );
        req.on('error', (error) => (error.message.includes('socket hang up') ? undefined : reject(error)));
        req.end('{}');
      });
      expect(firstChunk).toMatch(/^id,createdAt/);
      await new Promise((resolve) => setTimeout(resolve, 200));

      // The database serves the next requests, whole.
      const after = await exportOf('/transactions/export', big, { columns: ['id'] });
      expect(parseCsv(after.body)).toHaveLength(5_001);
      if (t.database.kind === 'postgres') {
        // Nothing left open inside a transaction by the abandoned export.
        const result = await t.database.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
        );
        expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
      }
    });
  });

  describe('the admin export', () => {
    it('is for platform admins only', async () => {
      const res = await exportOf('/admin/transactions/export', p);
      expect(res.statusCode).toBe(403);
    });

    it("spans the platform's projects with a leading project column, or the projects asked for", async () => {
      const q = await billedProject(owner, 'Exports admin');
      const qCharge = (await adminBookAt(t, q, '2025-10-01T09:00:00Z', credit(700))).id;
      const res = await exportOf('/admin/transactions/export', p, { columns: ['id', 'amount'] }, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toContain('transactions-platform-2026-01-15.csv');
      const rows = csvObjects(res.body);
      expect(Object.keys(rows[0]!)).toEqual(['project', 'id', 'amount']);
      expect(rows.filter((r) => r.project === p).map((r) => r.id)).toEqual([
        ids.credit,
        ids.charge,
        ids.formula,
        ids.pending,
        ids.late,
      ]);
      expect(rows.find((r) => r.id === qCharge)).toEqual({ project: q, id: qCharge, amount: '7.00' });

      const only = await exportOf('/admin/transactions/export', p, { columns: ['id'], projects: [q] }, admin);
      expect(csvObjects(only.body)).toEqual([{ project: q, id: qCharge }]);
      const filtered = await exportOf(
        '/admin/transactions/export',
        p,
        { columns: ['id'], type: 'charge', status: 'pending' },
        admin,
      );
      expect(csvObjects(filtered.body)).toEqual([{ project: p, id: ids.pending }]);
      const none = await exportOf('/admin/transactions/export', p, { columns: ['id'], projects: [] }, admin);
      expect(none.body).toBe('project,id\r\n');
    });
  });
});
