import type { ImportMapping, ImportProblem } from '@wharf/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { uuidV7 } from '../../../core/db/uuid-v7.js';
import type { MarketingNeeds } from '../deps.js';
import { emailHash } from '../email-hash.js';
import { marketingSuppressions } from '../schema.js';
import type { CsvItem } from './csv-reading.js';
import { mapRow } from './import-mapping.js';
import type { JoinedListsHook } from '../subscribers/memberships.js';

/** What one batch did; added to the import's figures in the batch's own transaction. */
export interface BatchCounts {
  created: number;
  updated: number;
  duplicates: number;
  invalid: number;
  suppressed: number;
  problems: ImportProblem[];
}

export interface BatchContext {
  importId: string;
  projectId: string;
  fileName: string;
  mapping: ImportMapping;
  listIds: readonly string[];
  now: Date;
  purchaseHistory: MarketingNeeds['storefront']['purchaseHistory'];
  joinedLists: JoinedListsHook;
}

interface Candidate {
  line: number;
  email: string;
  name: string;
  gender: string | null;
  attributes: Record<string, string>;
}

/** The rows of a raw statement's answer (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const DUPLICATE_EARLIER = 'This address is on an earlier line of the file: the first one was imported.';
const SUPPRESSED = 'This address was deleted from the project before: it is never added or mailed again.';

/** The addresses of `candidates` on the project's suppression list (by their hash: nothing else is kept). */
async function suppressedOf(tx: Executor, projectId: string, candidates: readonly Candidate[]): Promise<Set<string>> {
  const hashes = new Map(candidates.map((c) => [emailHash(c.email), c.email]));
  const result = await tx.execute(sql`
    select email_hash from ${marketingSuppressions}
    where project_id = ${projectId}::uuid
      and email_hash in (select jsonb_array_elements_text(${JSON.stringify([...hashes.keys()])}::jsonb))`);
  return new Set(rowsOf<{ email_hash: string }>(result).map((row) => hashes.get(row.email_hash)!));
}

/**
 * Writes one batch of the file's records in the caller's transaction: the rows mapped and checked,
 * duplicates within the batch and suppressed addresses set aside, then ONE statement that upserts
 * the subscribers, adds them to the lists and writes their `imported` events. A subscriber whose
 * `last_import_id` is already this import was written by an earlier line of the file: the upsert
 * leaves them and does not return them, which is how a duplicate across batches is told (and, after
 * a crash, the committed batches are never read again, so nobody counts twice).
 */
export async function writeBatch(tx: Executor, items: readonly CsvItem[], context: BatchContext): Promise<BatchCounts> {
  const counts: BatchCounts = { created: 0, updated: 0, duplicates: 0, invalid: 0, suppressed: 0, problems: [] };
  const firstLine = new Map<string, number>();
  const candidates: Candidate[] = [];
  for (const item of items) {
    if (item.kind === 'bad') {
      counts.invalid++;
      counts.problems.push({ line: item.line, kind: 'bad_row', value: item.raw, message: item.message });
      continue;
    }
    const row = mapRow(item.fields, context.mapping);
    if (!row.ok) {
      counts.invalid++;
      counts.problems.push({ line: item.line, kind: 'invalid_email', value: row.value, message: row.message });
      continue;
    }
    const earlier = firstLine.get(row.email);
    if (earlier !== undefined) {
      counts.duplicates++;
      counts.problems.push({
        line: item.line,
        kind: 'duplicate',
        value: row.email,
        message: `This address is on line ${earlier} too: the first one was imported.`,
      });
      continue;
    }
    firstLine.set(row.email, item.line);
    candidates.push({ line: item.line, ...row });
  }
  if (candidates.length === 0) return counts;

  const suppressed = await suppressedOf(tx, context.projectId, candidates);
  const writing = candidates.filter((candidate) => {
    if (!suppressed.has(candidate.email)) return true;
    counts.suppressed++;
    counts.problems.push({ line: candidate.line, kind: 'suppressed', value: candidate.email, message: SUPPRESSED });
    return false;
  });
  if (writing.length === 0) return counts;

  // Someone who bought before subscribing is in "purchased in the last 90 days" from the start.
  const purchases = await context.purchaseHistory(
    tx,
    context.projectId,
    writing.map((c) => c.email),
  );
  const input = writing.map((c) => {
    const bought = purchases.get(c.email);
    return {
      // Time-ordered: a big file's new subscribers go to their indexes' right-hand edge (uuid-v7.ts).
      id: uuidV7(),
      email: c.email,
      name: c.name,
      gender: c.gender,
      attributes: c.attributes,
      purchased_at: bought?.lastPurchasedAt.toISOString() ?? null,
      purchases: bought?.orderCount ?? 0,
    };
  });
  const now = context.now.toISOString();
  const update = context.mapping.updateExisting;
  const written = await tx.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
        as x(id uuid, email text, name text, gender text, attributes jsonb, purchased_at timestamptz, purchases int)
    ), upserted as (
      insert into marketing_subscribers as s (id, project_id, email, name, gender, attributes, status, consent_at,
        consent_source, last_purchased_at, purchase_count, last_import_id, created_at, updated_at)
      select id, ${context.projectId}::uuid, email, name, gender, attributes, 'subscribed', ${now}::timestamptz,
        'import', purchased_at, purchases, ${context.importId}::uuid, ${now}::timestamptz, ${now}::timestamptz
      from input
      on conflict (project_id, email) do update set
        last_import_id = excluded.last_import_id,
        name = case when ${update}::boolean and excluded.name <> '' then excluded.name else s.name end,
        gender = case when ${update}::boolean and excluded.gender is not null then excluded.gender else s.gender end,
        attributes = case when ${update}::boolean then s.attributes || excluded.attributes else s.attributes end,
        updated_at = case when ${update}::boolean then excluded.updated_at else s.updated_at end
      where s.last_import_id is distinct from excluded.last_import_id
      returning s.id, s.email, (s.xmax = 0) as inserted
    ), members as (
      -- Only lists that still exist in the project: one deleted since the mapping is skipped.
      insert into marketing_list_members (list_id, subscriber_id, project_id, added_at)
      select l.id, u.id, ${context.projectId}::uuid, ${now}::timestamptz
      from upserted u
      cross join jsonb_array_elements_text(${JSON.stringify(context.listIds)}::jsonb) as chosen(id)
      join marketing_lists l on l.id = chosen.id::uuid and l.project_id = ${context.projectId}::uuid
      on conflict do nothing
      returning subscriber_id, list_id, subscribed
    ), events as (
      insert into marketing_subscriber_events (project_id, subscriber_id, at, kind, detail)
      select ${context.projectId}::uuid, u.id, ${now}::timestamptz, 'imported', ${`From ${context.fileName}`}
      from upserted u
    ), joined as (
      -- Each subscriber's lists joined while subscribed, grouped once (a hash join, not a scan per row).
      select subscriber_id, jsonb_agg(list_id) as lists from members where subscribed group by subscriber_id
    )
    select u.email, u.inserted, coalesce(j.lists, '[]'::jsonb) as joined, u.id
    from upserted u left join joined j on j.subscriber_id = u.id`);

  const rows = rowsOf<{ id: string; email: string; inserted: boolean; joined: string[] }>(written);
  const outcome = new Map(rows.map((row) => [row.email, row.inserted]));
  // Subscribed people put on lists: a "joined a list" flow takes them as it takes a console's add.
  const members = rows
    .filter((row) => row.joined.length > 0)
    .map((row) => ({ subscriberId: row.id, listIds: row.joined }));
  if (members.length > 0) await context.joinedLists.run(tx, { projectId: context.projectId, members, at: context.now });
  for (const candidate of writing) {
    const inserted = outcome.get(candidate.email);
    if (inserted === true) counts.created++;
    else if (inserted === false) {
      // Already there: updated when asked to, else left as they were (only their lists added).
      if (update) counts.updated++;
    } else {
      counts.duplicates++;
      counts.problems.push({
        line: candidate.line,
        kind: 'duplicate',
        value: candidate.email,
        message: DUPLICATE_EARLIER,
      });
    }
  }
  return counts;
}
