import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyCors from '@fastify/cors';
import { operations } from '@wharf/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { systemClock, type Clock, type TestClock } from './core/clock.js';
import type { DatabaseHandle } from './core/db/database.js';
import { registerErrorHandler } from './core/errors.js';
import type { AccessResolver } from './core/http/access.js';
import { hygienicValidatorCompiler } from './core/http/input-hygiene.js';
import { registerOpenApi } from './core/http/openapi.js';
import { registerOperations, type Handlers } from './core/http/operations.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { contractSerializerCompiler } from './core/http/serializer.js';
import { createOutboundFetch } from './core/http/outbound.js';
import { registerWebApp } from './console/web.js';
import { registerCsrfCookie } from './core/security/cookies.js';
import { ensureSecret } from './core/security/secrets.js';
import { usePageTokenSecret } from './core/pagination.js';
import { registerJobPurge, scheduleJobPurge } from './core/jobs/purge.js';
import { JobQueue } from './core/jobs/queue.js';
import { assembleModules, assertEveryOperationHandled, type AnyModule, type SharedParts } from './core/modules.js';
import { auditModule } from './core/audit/index.js';
import { closeRedis, openRedis } from './core/redis.js';
import { openObjectStore } from './core/storage/open-object-store.js';
import { accessModule, type AccessService } from './modules/access/index.js';
import { accountsModule } from './modules/accounts/index.js';
import type { AccountContext } from './modules/accounts/context.js';
import { authModule } from './modules/auth/index.js';
import { billingModule } from './modules/billing/index.js';
import type { PaymentGateway } from './modules/billing/gateway/index.js';
import { blogModule } from './modules/blog/index.js';
import { bookmarksModule } from './modules/bookmarks/index.js';
import { captchaModule } from './modules/captcha/index.js';
import { healthModule } from './modules/health/index.js';
import { marketingModule } from './modules/marketing/index.js';
import { flowsModule } from './modules/flows/index.js';
import { domainsModule } from './modules/domains/index.js';
import { driveModule } from './modules/drive/index.js';
import { chatModule } from './modules/chat/index.js';
import { integrationsModule, type IntegrationOptions } from './modules/integrations/index.js';
import { mailModule } from './modules/mail/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { platformModule } from './modules/platform/index.js';
import { projectsModule } from './modules/projects/index.js';
import type { PaymentAccountGateway } from './modules/storefront/payments/index.js';
import { storefrontModule } from './modules/storefront/index.js';
import { termsModule } from './modules/terms/index.js';
import type { NotificationService } from './modules/notifications/service.js';
import type { PlatformService } from './modules/platform/service.js';
import type { MailService } from './modules/mail/service.js';
import type { SessionStore } from './modules/accounts/sessions.js';
import type { TokenService } from './core/security/tokens.js';
import type { CaptchaVerifier } from './modules/captcha/service.js';
import type { PermissionResolver } from './modules/access/service.js';
import { KeptAnswers, registerKeptAnswers, serverWithKeptAnswers } from './core/http/kept-answers.js';
import { requestIdOf } from './core/http/request-id.js';
import { openRealtimeBus } from './core/realtime/bus.js';
import { RealtimeGateway } from './core/realtime/gateway.js';
import { registerRealtimeRoute } from './core/realtime/socket-route.js';

export interface AppDependencies {
  database: DatabaseHandle;
  clock?: Clock;
  /** Billing's payment gateway; the one PAYMENT_GATEWAY names when left out (tests give their own). */
  paymentGateway?: PaymentGateway;
  /** The storefront's payment account gateway (tests give a sandbox they can inspect). */
  accountGateway?: PaymentAccountGateway;
  /** The clock itself when it is a test clock (TEST_CLOCK=true): billing's admin call can move it. */
  testClock?: TestClock;
  accessResolver?: AccessResolver;
  /** The modules and how they are described and reached (tests give small fake registries and a local fetch). */
  integrations?: IntegrationOptions;
}

/**
 * What the app instance carries for core's hooks (the audit's clock and database) and for tests
 * (`app.services`): the shared parts and the services of a few modules. Modules themselves get what
 * they use through `needs`, never from here.
 */
export interface Services {
  clock: Clock;
  database: DatabaseHandle;
  platform: PlatformService;
  mail: MailService;
  sessions: SessionStore;
  tokens: TokenService;
  captcha: CaptchaVerifier;
  permissions: PermissionResolver;
  jobs: JobQueue;
  notifications: NotificationService;
  realtime: RealtimeGateway;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

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

/**
 * The modules of the app, in the order they are set up: a module may use only those before it
 * (core/modules.ts). Adding an area is one line here.
 */
export function appModules(deps: AppDependencies): AnyModule[] {
  return [
    healthModule,
    auditModule,
    platformModule,
    mailModule,
    captchaModule,
    accountsModule,
    projectsModule,
    notificationsModule,
    accessModule(deps.accessResolver ? { resolver: deps.accessResolver } : {}),
    authModule,
    termsModule,
    bookmarksModule,
    blogModule,
    billingModule(deps.paymentGateway ? { gateway: deps.paymentGateway } : {}),
    integrationsModule(deps.integrations),
    driveModule,
    chatModule,
    storefrontModule(deps.accountGateway ? { accountGateway: deps.accountGateway } : {}),
    domainsModule,
    marketingModule,
    flowsModule,
  ];
}

/** Redis, when configured: what several processes share (caches, revocations, sign-in failures, rate counts). */
async function openSharedRedis(app: FastifyInstance, config: Config) {
  if (!config.REDIS_URL) return undefined;
  const redis = await openRedis(config.REDIS_URL, (message, error) => app.log.warn({ err: error }, message));
  app.addHook('onClose', () => closeRedis(redis));
  return redis;
}

/** Plugins and modules; used by main.ts and by every test. Listening and the database's life are the caller's. */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  // Answers a route lets be kept are given again before Fastify sees the request (decision 031).
  const clock = deps.clock ?? systemClock;
  const answers = new KeptAnswers(() => clock.now().getTime());
  const app = Fastify({
    serverFactory: serverWithKeptAnswers(answers),
    logger: { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Keep-alive sockets that are idle must not hold shutdown open.
    forceCloseConnections: 'idle',
  });

  const { db } = deps.database;
  // Page tokens are signed with a secret every process shares, so any process can read another's.
  usePageTokenSecret(await ensureSecret(db, 'page-token-hmac'));
  const log = (message: string, details?: unknown) => app.log.error({ err: details }, message);
  const jobs = new JobQueue(db, clock, { pollMs: config.JOB_POLL_MS, log });
  registerJobPurge(jobs, { db, clock });
  await scheduleJobPurge(jobs, clock);
  const redis = await openSharedRedis(app, config);
  const storage = openObjectStore(config, { log });
  app.addHook('onClose', () => storage.close());
  // Events cross processes through Redis when it is there (decision 033), else stay in this one.
  const realtime = new RealtimeGateway(
    openRealtimeBus(redis, { onError: log, prefix: config.REDIS_KEY_PREFIX, clock }),
    { log, now: () => clock.now().getTime() },
  );
  app.addHook('onClose', () => realtime.close());
  const shared: SharedParts = {
    config,
    database: deps.database,
    db,
    clock,
    ...(deps.testClock ? { testClock: deps.testClock } : {}),
    jobs,
    // Every call to an address a user gave goes through this one guarded fetch (decision 024).
    outbound: createOutboundFetch({ allow: config.OUTBOUND_ALLOW_HOSTS }),
    ...(redis ? { redis } : {}),
    storage,
    answers,
    realtime,
    secret: (name, make) => ensureSecret(db, name, make),
    log,
    onClose: (work) => app.addHook('onClose', async () => work()),
  };
  const modules = await assembleModules(appModules(deps), shared);
  assertEveryOperationHandled(operations, modules.handlers);
  const accounts = modules.services.accounts as AccountContext;
  const access = modules.services.access as AccessService;
  const services: Services = {
    clock,
    database: deps.database,
    platform: modules.services.platform as PlatformService,
    mail: modules.services.mail as MailService,
    sessions: accounts.sessions,
    tokens: accounts.tokens,
    captcha: modules.services.captcha as CaptchaVerifier,
    permissions: access.permissions,
    jobs,
    notifications: modules.services.notifications as NotificationService,
    realtime,
  };
  // A socket proves who it is with the API's own bearer tokens (never an API key: sockets are for people).
  realtime.useAuthenticator(async (token) => {
    const claims = await accounts.tokens.verify(token);
    return { userId: claims.userId, sessionId: claims.sessionId, tokenExpiresAt: claims.expiresAt };
  });
  accounts.sessions.onEnded((sessionIds) => realtime.endSessions(sessionIds));
  // Tests run jobs themselves (jobs.runDue()); every other process polls unless told not to.
  if (config.JOB_POLL_MS > 0 && config.NODE_ENV !== 'test') app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', () => jobs.stop());
  const cookies = { secure: config.PUBLIC_URL.startsWith('https:') };
  app.decorate('services', services);
  app.decorateRequest('principal', null);
  app.decorateRequest('account', null);
  app.decorateRequest('auditRecorded', false);

  // The contract's schemas, then one text check of every string of every request (decision 023).
  app.setValidatorCompiler(hygienicValidatorCompiler);
  // Answers are written by serialisers compiled from the contract; tests also check each against it.
  app.setSerializerCompiler(contractSerializerCompiler({ checkAgainstContract: config.NODE_ENV === 'test' }));
  registerErrorHandler(app);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerDrainOnClose(app);

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  registerCsrfCookie(app, cookies);
  await app.register(fastifyRateLimit, {
    global: false,
    // Request counts are shared by every process when Redis is there (else each would allow its own max).
    ...(redis ? { redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      message: `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(fastifyCors, {
    // Same-origin calls carry no Origin to check; cross-origin ones must be on the allow-list.
    origin: (origin, callback) => callback(null, !origin || config.CORS_ORIGINS.includes(origin)),
    credentials: true,
  });
  // Answers up to 64 KB are compressed inline: on two cores the library would send those above 8 KB
  // (a page of invoices) through a stream on the thread pool, which cost a third of such a request.
  await app.register(fastifyCompress, { threshold: 1024, syncThreshold: 64 * 1024 });
  // After every hook that adds to an answer, so a kept one has all its headers.
  registerKeptAnswers(app, answers);
  await registerOpenApi(app, config.PUBLIC_URL, config.WEB_DIST_DIR);

  await registerRealtimeRoute(app, realtime, [new URL(config.PUBLIC_URL).origin, ...config.CORS_ORIGINS]);
  registerOperations(
    app,
    operations,
    modules.handlers as Handlers<typeof operations>,
    access.resolver,
    modules.rateLimits,
    config.NODE_ENV !== 'production',
  );

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
