import type { CreateMailingListRequest, UpdateMailingListRequest } from '@wharf/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import { AppError } from '../../../core/errors.js';
import { marketingLists as l } from '../schema.js';
import type { MailingListRow } from './list-views.js';

const listExists = () =>
  new AppError(409, 'LIST_EXISTS', 'This project already has a mailing list of that name. Choose another.');

/** Refuses a name another list of the project has, whatever its case (the unique index says the same). */
async function assertNameFree(tx: Executor, projectId: string, name: string, self?: string): Promise<void> {
  const [taken] = await tx
    .select({ id: l.id })
    .from(l)
    .where(
      and(eq(l.projectId, projectId), eq(sql`lower(${l.name})`, name.toLowerCase()), self ? ne(l.id, self) : undefined),
    );
  if (taken) throw listExists();
}

/** A new list; a name taken at the same moment by another call is refused by the unique index as the check refuses it. */
export async function createMailingList(
  tx: Executor,
  projectId: string,
  body: CreateMailingListRequest,
  now: Date,
): Promise<string> {
  await assertNameFree(tx, projectId, body.name);
  const [made] = await tx
    .insert(l)
    .values({ projectId, ...body, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ id: l.id });
  if (!made) throw listExists();
  return made.id;
}

/** What a change would change: the fields whose value differs, as {from, to}. */
export function listChanges(row: MailingListRow, body: UpdateMailingListRequest) {
  const changes: Record<string, { from: string; to: string }> = {};
  for (const key of ['name', 'description', 'optIn'] as const) {
    const to = body[key];
    if (to !== undefined && to !== row[key]) changes[key] = { from: row[key], to };
  }
  return changes;
}

export async function updateMailingList(
  tx: Executor,
  row: MailingListRow,
  body: UpdateMailingListRequest,
  now: Date,
): Promise<Record<string, { from: string; to: string }>> {
  const changes = listChanges(row, body);
  if (Object.keys(changes).length === 0) return changes;
  // A change of case only ("news" → "News") is the same list's name, not a clash.
  if (changes.name) await assertNameFree(tx, row.projectId, changes.name.to, row.id);
  const set = Object.fromEntries(Object.entries(changes).map(([key, change]) => [key, change.to]));
  await tx
    .update(l)
    .set({ ...set, updatedAt: now })
    .where(eq(l.id, row.id));
  return changes;
}

/** Deletes a list: its memberships go with it (cascade), its members stay subscribers. */
export async function deleteMailingList(tx: Executor, row: MailingListRow): Promise<void> {
  // When campaigns are built: refuse (409) while a campaign not yet sent names this list in its audience.
  await tx.delete(l).where(eq(l.id, row.id));
}
