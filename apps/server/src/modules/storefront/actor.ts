import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../core/db/database.js';
import { userCards } from '../accounts/read-models.js';

/**
 * Who an order's timeline says made a change: a person by name (else their address), or "An API
 * key" for the storefront's and sales channels' keys; null is Wharf itself (a background job).
 */
export async function actorOf(db: Executor, request: FastifyRequest): Promise<string | null> {
  const principal = request.principal;
  if (!principal) return null;
  if (principal.kind === 'authKey') return 'An API key';
  const [card] = await db
    .select({ email: userCards.email, firstName: userCards.firstName, lastName: userCards.lastName })
    .from(userCards)
    .where(eq(userCards.id, principal.userId));
  if (!card) return null;
  const name = [card.firstName, card.lastName].filter(Boolean).join(' ').trim();
  return name || card.email;
}
