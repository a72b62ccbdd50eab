import { PREVIEW_SAMPLE, type DraftPreview, type PreviewDraftRequest } from '@wharf/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../../core/db/database.js';
import { notFound } from '../../../core/errors.js';
import { subscriberVars, type MailContext, type SubscriberVars } from '../render/compile.js';
import { marketingSubscribers as s } from '../schema.js';
import { compileOrRefuse } from './draft-templates.js';

type PreviewRequest = z.output<typeof PreviewDraftRequest>;

/** Who a preview is for when the project has nobody yet. */
export const SAMPLE_SUBSCRIBER = { ...PREVIEW_SAMPLE, attributes: {} };

/** The subscriber asked for, else the sample values sent, else the project's first subscriber, else Ada. */
async function previewRecipient(db: Executor, projectId: string, request: PreviewRequest): Promise<SubscriberVars> {
  const columns = { email: s.email, name: s.name, attributes: s.attributes };
  if (request.subscriberId) {
    const [row] = await db
      .select(columns)
      .from(s)
      .where(and(eq(s.projectId, projectId), eq(s.id, request.subscriberId)));
    if (!row) throw notFound('There is no such subscriber in this project.', 'SUBSCRIBER_NOT_FOUND');
    return subscriberVars(row);
  }
  if (request.sample) return subscriberVars(request.sample);
  const [first] = await db
    .select(columns)
    .from(s)
    .where(eq(s.projectId, projectId))
    .orderBy(asc(s.createdAt), asc(s.id))
    .limit(1);
  return subscriberVars(first ?? SAMPLE_SUBSCRIBER);
}

/**
 * The draft as being edited, rendered for one recipient. Its unsubscribe link is a stand-in that
 * unsubscribes nobody: a preview of a real subscriber must not carry their working link.
 */
export async function previewDraft(
  db: Executor,
  projectId: string,
  request: PreviewRequest,
  context: MailContext & { unsubscribeUrl: string },
): Promise<DraftPreview> {
  const mail = compileOrRefuse(request, context);
  const subscriber = await previewRecipient(db, projectId, request);
  const rendered = mail.render({ subscriber, unsubscribe_url: context.unsubscribeUrl });
  return { ...rendered, recipient: { name: subscriber.name, email: subscriber.email } };
}
