import { randomUUID } from 'node:crypto';
import type { FlowDefinition } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../core/db/database.js';
import { badRequest } from '../../core/errors.js';
import { userCards } from '../accounts/read-models.js';
import type { FlowNeeds } from './deps.js';
import { draftMail, flowInvalid } from './flow-definition.js';

/** The signed-in caller's address and name: a test goes to them and nobody else. */
export async function callerAddress(db: Executor, request: FastifyRequest): Promise<{ email: string; name: string }> {
  const principal = request.principal;
  if (principal?.kind !== 'user')
    throw badRequest(
      'Test mails go to the address of the person who sends them, and an API key has none: send the test signed in.',
      'TEST_SEND_NEEDS_PERSON',
    );
  const [card] = await db
    .select({ email: userCards.email, firstName: userCards.firstName, lastName: userCards.lastName })
    .from(userCards)
    .where(eq(userCards.id, principal.userId));
  if (!card) throw badRequest('Your account has no address to send the test to.', 'TEST_SEND_NEEDS_PERSON');
  return { email: card.email, name: [card.firstName, card.lastName].filter(Boolean).join(' ').trim() };
}

/**
 * Queues the draft's mails (each send step's draft as it stands now), in order, to the caller in the
 * caller's transaction, made as a flow's mail is for a subscriber of the caller's name: nothing of a
 * run is recorded. The recipient id is made up, so the test's unsubscribe link unsubscribes nobody.
 */
export async function sendDraftTests(
  tx: Executor,
  needs: Pick<FlowNeeds, 'marketing' | 'mail'>,
  projectId: string,
  draft: FlowDefinition,
  to: { email: string; name: string },
): Promise<number> {
  const sends = draft.steps.filter((step) => step.kind === 'send');
  if (sends.length === 0) throw flowInvalid('The draft has no mail to test: add a step that sends one.');
  const { marketing } = needs;
  const context = await marketing.mailContextOf(tx, projectId);
  const recipient = { id: randomUUID(), email: to.email, name: to.name, attributes: {} };
  for (const step of sends) {
    const content = await draftMail(tx, marketing, projectId, step.draftId);
    const compose = marketing.mailComposer(content, context, marketing.links, { projectId, track: false });
    await needs.mail.enqueue(tx, compose(recipient));
  }
  return sends.length;
}
