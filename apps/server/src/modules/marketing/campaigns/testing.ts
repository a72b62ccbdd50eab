import type { CampaignStatus, SubscriberGender, SubscriberStatus } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db/database.js';
import {
  marketingCampaigns,
  marketingDrafts,
  marketingListMembers,
  marketingLists,
  marketingSubscribers,
} from '../schema.js';

/*
 * Rows written straight into the tables, for the campaigns' tests: a hand-made population whose
 * every date and status is chosen, whatever the state of the subscribers' and lists' calls.
 */

export async function insertList(db: Executor, projectId: string, name: string, now: Date): Promise<string> {
  const [row] = await db
    .insert(marketingLists)
    .values({ projectId, name, optIn: 'single', createdAt: now, updatedAt: now })
    .returning({ id: marketingLists.id });
  return row!.id;
}

export interface PersonSketch {
  email: string;
  status?: SubscriberStatus;
  gender?: SubscriberGender | null;
  lastPurchasedAt?: Date | null;
  lastOpenedAt?: Date | null;
  lastClickedAt?: Date | null;
  lists?: string[];
}

export async function insertSubscriber(db: Executor, projectId: string, person: PersonSketch, now: Date) {
  const [row] = await db
    .insert(marketingSubscribers)
    .values({
      projectId,
      email: person.email,
      name: person.email.split('@')[0]!,
      status: person.status ?? 'subscribed',
      gender: person.gender ?? null,
      lastPurchasedAt: person.lastPurchasedAt ?? null,
      lastOpenedAt: person.lastOpenedAt ?? null,
      lastClickedAt: person.lastClickedAt ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: marketingSubscribers.id });
  const id = row!.id;
  for (const listId of person.lists ?? [])
    await db.insert(marketingListMembers).values({ listId, subscriberId: id, projectId, addedAt: now });
  return id;
}

export async function insertDraft(db: Executor, projectId: string, name: string, subject: string, now: Date) {
  const [row] = await db
    .insert(marketingDrafts)
    .values({ projectId, name, subject, format: 'markdown', markdown: 'Hello', createdAt: now, updatedAt: now })
    .returning({ id: marketingDrafts.id });
  return row!.id;
}

/** Moves a campaign along as the send (a later pass) will. */
export async function setCampaignStatus(db: Executor, campaignId: string, status: CampaignStatus): Promise<void> {
  await db.update(marketingCampaigns).set({ status }).where(eq(marketingCampaigns.id, campaignId));
}

export async function campaignRow(db: Executor, campaignId: string) {
  const [row] = await db.select().from(marketingCampaigns).where(eq(marketingCampaigns.id, campaignId));
  return row;
}
