import { createHmac, randomUUID } from 'node:crypto';
import type { InputOf } from '@wharf/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../../../core/audit/audit.js';
import type { Clock } from '../../../core/clock.js';
import type { Database, Executor, Transaction } from '../../../core/db/database.js';
import { AppError, badRequest } from '../../../core/errors.js';
import type { Handler, HandlerResult } from '../../../core/http/operations.js';
import { idempotencyKeys } from '../schema.js';

/**
 * Idempotency-Key for billing POSTs, with Stripe's semantics (docs/decisions/015-billing-ledger.md):
 * - same key, same request: the first answer (status and body) is replayed, nothing runs again;
 * - same key, another request: 422 IDEMPOTENCY_KEY_REUSED;
 * - same key while the first is still running: 409 IDEMPOTENCY_KEY_IN_USE;
 * - keys are kept 24 hours, then forgotten.
 * Answers the write gave (its 2xx, and its 4xx refusals such as INSUFFICIENT_BALANCE) are kept; a
 * crash or 5xx rolled the change back, so the key is released and a retry runs afresh.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * An in-flight key older than this belongs to a request that died (its transaction rolled back
 * with it); another may take it over. Should the first still finish, it cannot complete the key
 * (the attempt no longer matches) and its transaction rolls back.
 */
export const IDEMPOTENCY_LEASE_MS = 60 * 1000;
const KEY_MAX = 255;

export const keyReused = () =>
  new AppError(
    422,
    'IDEMPOTENCY_KEY_REUSED',
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  );
export const keyInUse = () =>
  new AppError(
    409,
    'IDEMPOTENCY_KEY_IN_USE',
    'A request with this Idempotency-Key is still being processed. Retry once it has finished.',
  );

/** Key order must not matter: the same request is the same whichever way its JSON was written. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/**
 * The request as validated (defaults applied), so that equivalent requests hash alike. Keyed with a
 * server secret: a request may hold a card number (sandbox mode), and a plain hash of a card number
 * can be reversed by trying the few billion numbers that pass Luhn under a known prefix.
 */
export function requestHash(
  secret: string,
  operationId: string,
  input: { params: unknown; query: unknown; body: unknown },
): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(canonical({ operationId, ...input })))
    .digest('hex');
}

interface KeyRef {
  projectId: string;
  key: string;
}

type Claim = { kind: 'run'; attempt: string } | { kind: 'replay'; status: number; body: unknown };

const keyIs = (ref: KeyRef) => and(eq(idempotencyKeys.projectId, ref.projectId), eq(idempotencyKeys.key, ref.key));

/** Takes the key for this request, or says what to answer instead. Committed at once, so others see it. */
export async function claimKey(
  db: Database,
  ref: KeyRef & { operationId: string; requestHash: string },
  now: Date,
): Promise<Claim> {
  const attempt = randomUUID();
  const fresh = { state: 'in_flight' as const, attempt, responseStatus: null, responseBody: null, lockedAt: now };
  const [inserted] = await db
    .insert(idempotencyKeys)
    .values({ ...ref, ...fresh, createdAt: now })
    .onConflictDoNothing()
    .returning({ attempt: idempotencyKeys.attempt });
  if (inserted) return { kind: 'run', attempt };

  const [row] = await db.select().from(idempotencyKeys).where(keyIs(ref));
  if (!row) return claimKey(db, ref, now); // purged in between: claim afresh
  const expired = row.createdAt.getTime() + IDEMPOTENCY_KEY_TTL_MS <= now.getTime();
  const stale = row.state === 'in_flight' && row.lockedAt.getTime() + IDEMPOTENCY_LEASE_MS <= now.getTime();
  if (!expired) {
    if (row.operationId !== ref.operationId || row.requestHash !== ref.requestHash) throw keyReused();
    if (row.state === 'done') return { kind: 'replay', status: row.responseStatus!, body: row.responseBody };
    if (!stale) throw keyInUse();
  }
  // A forgotten key starts over; a dead request's key is taken over. Only one taker wins the row.
  const [taken] = await db
    .update(idempotencyKeys)
    .set({ ...ref, ...fresh, ...(expired ? { createdAt: now } : {}) })
    .where(and(keyIs(ref), eq(idempotencyKeys.attempt, row.attempt)))
    .returning({ attempt: idempotencyKeys.attempt });
  if (!taken) throw keyInUse();
  return { kind: 'run', attempt };
}

/** Stores the answer. In the write's own transaction for a success, so the change and its answer commit together. */
async function completeKey(db: Executor, ref: KeyRef, attempt: string, status: number, body: unknown) {
  const [done] = await db
    .update(idempotencyKeys)
    .set({ state: 'done', responseStatus: status, responseBody: body })
    .where(and(keyIs(ref), eq(idempotencyKeys.attempt, attempt), eq(idempotencyKeys.state, 'in_flight')))
    .returning({ key: idempotencyKeys.key });
  // Taken over by a retry after our lease ran out: the retry owns the answer, ours must not commit.
  if (!done) throw keyInUse();
}

async function releaseKey(db: Database, ref: KeyRef, attempt: string) {
  await db.delete(idempotencyKeys).where(and(keyIs(ref), eq(idempotencyKeys.attempt, attempt)));
}

/** Forgets keys past their 24 hours (a scheduled clean-up; claims already ignore them). */
export async function purgeIdempotencyKeys(db: Database, now: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.length === 0 || value.length > KEY_MAX) {
    throw badRequest(`Send one Idempotency-Key of 1 to ${KEY_MAX} characters.`, 'INVALID_IDEMPOTENCY_KEY');
  }
  return value;
}

/**
 * A refusal whose work must still commit: a declined payment is refused (4xx), yet the record of its
 * attempt stays. The wrapper commits the write's transaction, stores the refusal with the key in
 * that same transaction, then answers with it.
 */
export class RecordedRefusal extends AppError {}

type Outcome<T> = { result: T } | { refusal: RecordedRefusal };

async function settle<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { result: await run() };
  } catch (error) {
    if (error instanceof RecordedRefusal) return { refusal: error };
    throw error;
  }
}

function unwrap<T>(outcome: Outcome<T>): T {
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.result;
}

/** A billing write: it runs in the transaction it is given, and audits itself there. */
export type BillingWrite<Op> = (
  tx: Transaction,
  input: InputOf<Op>,
  request: FastifyRequest,
) => Promise<HandlerResult<Op>>;

interface ProjectInput {
  query: { project: string };
}

/**
 * Turns a billing write into an operation handler that honours Idempotency-Key. Without the header
 * the write simply runs in a transaction of its own.
 */
export function idempotent<Op>(
  deps: { db: Database; clock: Clock; idempotencySecret: string },
  write: BillingWrite<Op>,
): Handler<Op> {
  const { db, clock } = deps;
  return async (input, request, reply) => {
    const key = keyOf(request);
    if (key === undefined) return unwrap(await db.transaction((tx) => settle(() => write(tx, input, request))));

    const operationId = request.routeOptions.config.operationId ?? request.url;
    const ref = { projectId: (input as unknown as ProjectInput).query.project, key };
    const claim = await claimKey(
      db,
      { ...ref, operationId, requestHash: requestHash(deps.idempotencySecret, operationId, input) },
      clock.now(),
    );
    if (claim.kind === 'replay') {
      void reply.header('idempotent-replayed', 'true');
      if (claim.status >= 400) {
        const error = claim.body as { code: string; message: string };
        throw new AppError(claim.status, error.code, error.message);
      }
      // Nothing changed, but the call is on record: who asked again, and for which key.
      await recordAudit(db, request, { target: `idempotency-key:${key}`, details: { replayed: true } });
      void reply.code(claim.status);
      return claim.body as HandlerResult<Op>;
    }

    let outcome: Outcome<HandlerResult<Op>>;
    try {
      outcome = await db.transaction(async (tx) => {
        const settled = await settle(() => write(tx, input, request));
        if ('refusal' in settled) {
          const { status, code, message } = settled.refusal;
          await completeKey(tx, ref, claim.attempt, status, { code, message });
        } else {
          // As the caller will read it: dates already strings, undefined fields gone.
          await completeKey(tx, ref, claim.attempt, reply.statusCode, JSON.parse(JSON.stringify(settled.result)));
        }
        return settled;
      });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) {
        await completeKey(db, ref, claim.attempt, error.status, { code: error.code, message: error.message }).catch(
          () => undefined,
        );
      } else {
        await releaseKey(db, ref, claim.attempt);
      }
      throw error;
    }
    return unwrap(outcome);
  };
}
