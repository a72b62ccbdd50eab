import { randomUUID } from 'node:crypto';
import type { Executor } from '../core/db/database.js';
import { upsertUsers } from '../modules/accounts/testing.js';
import { addMembers, insertInvites } from '../modules/access/testing.js';
import { bulkInvoices, bulkTransactions } from '../modules/billing/testing.js';
import { insertProjectIntegrations } from '../modules/integrations/testing.js';
import { insertNotifications } from '../modules/notifications/testing.js';

/**
 * The read path of issue 19: the console's list requests, the rows that fill them, and a count of the
 * SQL statements one request costs. A list costs a fixed number of statements whatever its rows
 * (no per-row queries): core/http/read-path-statements.test.ts holds each list to its count, and the
 * bench prints them. Shared by both, so it takes a database and ids, not a test app.
 */

export interface ReadPathIds {
  platformId: string;
  projectId: string;
  /** The reader: owner of the project, and the person whose notifications are listed. */
  userId: string;
}

const company = {
  legalName: 'Harbour Goods B.V.',
  address: { line1: 'Kade 1', city: 'Amsterdam', postalCode: '1011 AA', country: 'NL' },
  taxId: 'NL123456789B01',
  billingEmail: 'billing@harbour.example',
};

/** Rows per statement when rows are sent as values (well under PostgreSQL's 65,535 parameters). */
const CHUNK = 1000;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Adds `rows` rows to each list of the project: ledger entries, invoices, members (new people with
 * the `member` role), pending invitations, notifications of `userId` about the project and installed
 * modules (as many as the catalogue has left: it holds a few dozen). Call it again to add more.
 * `now` is the time the rows are made at (the app's clock in tests; invitations expire 7 days later).
 */
export async function seedReadPath(
  db: Executor,
  ids: ReadPathIds,
  rows: number,
  options: { now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const { projectId, userId } = ids;
  await bulkTransactions(db, projectId, rows);
  await bulkInvoices(db, projectId, rows, { company });
  const tag = randomUUID().slice(0, 8);
  const people = Array.from({ length: rows }, (_, i) => ({
    id: randomUUID(),
    email: `member-${tag}-${String(i).padStart(6, '0')}@read-path.example`,
    firstName: 'Member',
    lastName: `${tag} ${i}`,
  }));
  for (const slice of chunks(people)) {
    await upsertUsers(db, slice);
    await addMembers(
      db,
      projectId,
      slice.map((p) => p.id),
      'member',
    );
  }
  await insertInvites(db, projectId, rows, { now, invitedBy: userId });
  await insertNotifications(db, { userId, projectId, count: rows, now });
  await insertProjectIntegrations(db, projectId, rows, now);
}

export interface ReadPathList {
  name: string;
  method: 'GET';
  url(projectId: string, pageSize?: number): string;
  /** A bearer token (the /v1 service API) or the console's session cookie (the user API). */
  credential: 'bearer' | 'session';
  /** How many rows an answer shows (items of its page, the project's modules, the projects). */
  rows(body: unknown): number;
  /** The statements one request cost when last measured (issue 19): more is a regression. */
  maxStatements: number;
}

/** The largest page a list gives (the contract's `Paging`): per-row statements would show most on it. */
export const READ_PATH_PAGE_SIZE = 100;
/** The page the console asks for (the contract's default): what the bench measures. */
export const CONSOLE_PAGE_SIZE = 20;

const page = (size: number) => `pageSize=${size}`;
const items = (body: unknown) => (body as { items: unknown[] }).items.length;
const length = (body: unknown) => (body as unknown[]).length;

/** The list requests of the read path, as the console makes them (with the largest page). */
export const READ_PATH_LISTS: readonly ReadPathList[] = [
  { name: 'projects', method: 'GET', url: () => '/v1/projects', credential: 'bearer', rows: length, maxStatements: 4 },
  {
    name: 'project',
    method: 'GET',
    url: (p) => `/v1/projects/${p}`,
    credential: 'bearer',
    rows: (body) => (body as { integrations: unknown[] }).integrations.length,
    maxStatements: 3,
  },
  {
    name: 'transactions',
    method: 'GET',
    url: (p, size = READ_PATH_PAGE_SIZE) => `/v1/billing/transactions?project=${p}&${page(size)}`,
    credential: 'bearer',
    rows: items,
    maxStatements: 1,
  },
  {
    name: 'invoices',
    method: 'GET',
    url: (p, size = READ_PATH_PAGE_SIZE) => `/v1/billing/invoices?project=${p}&${page(size)}`,
    credential: 'bearer',
    rows: items,
    maxStatements: 1,
  },
  {
    name: 'members',
    method: 'GET',
    url: (p, size = READ_PATH_PAGE_SIZE) => `/v1/projects/${p}/users?${page(size)}`,
    credential: 'bearer',
    rows: items,
    maxStatements: 1,
  },
  {
    name: 'invites',
    method: 'GET',
    url: (p, size = READ_PATH_PAGE_SIZE) => `/v1/projects/${p}/invites?${page(size)}`,
    credential: 'bearer',
    rows: items,
    maxStatements: 1,
  },
  {
    name: 'notifications',
    method: 'GET',
    url: (_p, size = READ_PATH_PAGE_SIZE) => `/omnis/v3/dashboard/user/notifications?${page(size)}`,
    credential: 'session',
    rows: items,
    maxStatements: 3,
  },
  {
    name: 'integrations',
    method: 'GET',
    url: (p) => `/v1/projects/${p}/integrations`,
    credential: 'bearer',
    rows: length,
    maxStatements: 1,
  },
];
