import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import { operations } from '@wharf/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { systemClock, type Clock } from './core/clock.js';
import type { DatabaseHandle } from './core/db/database.js';
import { registerErrorHandler } from './core/errors.js';
import { anonymousResolver, type AccessResolver } from './core/http/access.js';
import { registerOpenApi } from './core/http/openapi.js';
import { registerOperations, type Handlers } from './core/http/operations.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { memoizingSerializerCompiler } from './core/http/serializer.js';
import { registerWebApp } from './core/http/web.js';
import { healthHandlers } from './modules/health/handlers.js';
import { platformHandlers } from './modules/platform/handlers.js';
import { PlatformService } from './modules/platform/service.js';

export interface AppDependencies {
  database: DatabaseHandle;
  clock?: Clock;
  accessResolver?: AccessResolver;
}

export interface Services {
  clock: Clock;
  database: DatabaseHandle;
  platform: PlatformService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** An incoming request id is kept only if it is short and plain, so it cannot forge log lines. */
const requestIdPattern = /^[\w.:-]{1,128}$/;

/**
 * During shutdown, answers in flight end their connection: a keep-alive socket that turned idle
 * after `close()` began would otherwise hold the server open until the keep-alive timeout.
 */
function registerDrainOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });
}

/** Plugins and modules; used by main.ts and by every test. Listening and the database's life are the caller's. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    // Keep-alive sockets that are idle must not hold shutdown open.
    forceCloseConnections: 'idle',
  });

  const clock = deps.clock ?? systemClock;
  const services: Services = {
    clock,
    database: deps.database,
    platform: new PlatformService(deps.database.db),
  };
  app.decorate('services', services);
  app.decorateRequest('principal', null);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingSerializerCompiler);
  registerErrorHandler(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerDrainOnClose(app);

  registerSecurityHeaders(app);
  await app.register(fastifyCors, {
    // Same-origin calls carry no Origin to check; cross-origin ones must be on the allow-list.
    origin: (origin, callback) => callback(null, !origin || config.CORS_ORIGINS.includes(origin)),
    credentials: true,
  });
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerOpenApi(app, config.PUBLIC_URL, config.WEB_DIST_DIR);

  const handlers: Handlers<typeof operations> = {
    ...healthHandlers(deps.database),
    ...platformHandlers(services.platform),
  };
  registerOperations(app, operations, handlers, deps.accessResolver ?? anonymousResolver);

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
