import type { HealthStatus, operations } from '@wharf/contract';
import type { FastifyReply } from 'fastify';
import type { DatabaseHandle } from '../../core/db/database.js';
import type { Handlers } from '../../core/http/operations.js';

type HealthOperations = Pick<typeof operations, 'healthz' | 'authHealthz' | 'driveHealthz' | 'enforcerHealthz'>;

/** Each health call checks the database; a failing check answers 503 so a balancer takes the copy out. */
export function healthHandlers(database: DatabaseHandle): Handlers<HealthOperations> {
  const check = (service: string) => async (_input: unknown, _request: unknown, reply: FastifyReply) => {
    let ok = true;
    try {
      await database.ping();
    } catch {
      ok = false;
    }
    if (!ok) reply.code(503);
    const status: HealthStatus = {
      status: ok ? 'ok' : 'error',
      service,
      checks: { database: ok ? 'ok' : 'error' },
    };
    return status;
  };
  return {
    healthz: check('wharf'),
    authHealthz: check('auth'),
    driveHealthz: check('drive'),
    enforcerHealthz: check('enforcer'),
  };
}
