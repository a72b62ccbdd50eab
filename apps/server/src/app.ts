import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyCors from '@fastify/cors';
import { operations } from '@wharf/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { systemClock, type Clock, type TestClock } from './core/clock.js';
import type { DatabaseHandle } from './core/db/database.js';
import { auditHandlers } from './core/audit/handlers.js';
import { registerErrorHandler } from './core/errors.js';
import type { AccessResolver } from './core/http/access.js';
import { hygienicValidatorCompiler } from './core/http/input-hygiene.js';
import { registerOpenApi } from './core/http/openapi.js';
import { registerOperations, type Handlers, type RateLimit } from './core/http/operations.js';
import { registerSecurityHeaders } from './core/http/security-headers.js';
import { memoizingSerializerCompiler } from './core/http/serializer.js';
import { createOutboundFetch } from './core/http/outbound.js';
import { registerWebApp } from './core/http/web.js';
import { MemoryFailureTracker, RedisFailureTracker, type FailureTracker } from './core/security/attempts.js';
import { registerCsrfCookie } from './core/security/cookies.js';
import { ensureSecret } from './core/security/secrets.js';
import { usePageTokenSecret } from './core/pagination.js';
import { TokenService } from './core/security/tokens.js';
import type { AccountContext } from './modules/accounts/context.js';
import { accountHandlers } from './modules/accounts/handlers.js';
import { adminUserHandlers } from './modules/accounts/admin-handlers.js';
import { accessHandlers } from './modules/access/handlers.js';
import { authKeyHandlers } from './modules/access/auth-keys.js';
import { roleHandlers } from './modules/access/role-handlers.js';
import { syncBuiltInRoles, PermissionResolver } from './modules/access/service.js';
import { MemoryDecisionCache, RedisDecisionCache, type DecisionCache } from './modules/access/decision-cache.js';
import { closeRedis, openRedis } from './core/redis.js';
import { accountResolver } from './modules/accounts/resolver.js';
import { SessionStore } from './modules/accounts/sessions.js';
import { RedisRevocationBus } from './modules/accounts/live-sessions.js';
import { authHandlers } from './modules/auth/handlers.js';
import { blogHandlers } from './modules/blog/handlers.js';
import { bookmarkHandlers } from './modules/bookmarks/handlers.js';
import { defaultIntegrations, integrationHandlers, type IntegrationDeps } from './modules/integrations/handlers.js';
import { ModuleLifecycle } from './modules/integrations/lifecycle.js';
import { registerModuleCharges, scheduleModuleCharges } from './modules/integrations/charges.js';
import { CredentialCipher } from './modules/integrations/credentials.js';
import { billingHandlers } from './modules/billing/handlers.js';
import { registerAutoTopUp } from './modules/billing/auto-top-up.js';
import { createGateway, type PaymentGateway } from './modules/billing/gateway/index.js';
import { registerInvoiceJobs, scheduleInvoiceJobs } from './modules/billing/invoice-run.js';
import { termsHandlers } from './modules/terms/handlers.js';
import { projectHandlers } from './modules/projects/handlers.js';
import { organisationHandlers } from './modules/projects/organisation-handlers.js';
import { templateHandlers } from './modules/projects/template-handlers.js';
import { inviteHandlers } from './modules/projects/invite-handlers.js';
import { memberHandlers } from './modules/projects/member-handlers.js';
import { ProofOfWorkCaptcha, RecaptchaVerifier, type CaptchaVerifier } from './modules/captcha/service.js';
import { healthHandlers } from './modules/health/handlers.js';
import { MailService } from './modules/mail/service.js';
import { platformHandlers } from './modules/platform/handlers.js';
import { registerJobPurge, scheduleJobPurge } from './core/jobs/purge.js';
import { JobQueue } from './core/jobs/queue.js';
import { notificationHandlers } from './modules/notifications/handlers.js';
import { ensureVapidKeys, PUSH_QUEUE, PushSender, pushJobHandler, vapidSubject } from './modules/notifications/push.js';
import { NotificationService } from './modules/notifications/service.js';
import { PlatformService } from './modules/platform/service.js';

export interface AppDependencies {
  database: DatabaseHandle;
  clock?: Clock;
  /** Billing's payment gateway; the one PAYMENT_GATEWAY names when left out (tests give their own). */
  paymentGateway?: PaymentGateway;
  /** The clock itself when it is a test clock (TEST_CLOCK=true): billing's admin call can move it. */
  testClock?: TestClock;
  accessResolver?: AccessResolver;
  /** The modules and how they are described and reached (tests give small fake registries and a local fetch). */
  integrations?: Partial<Pick<IntegrationDeps, 'registry' | 'catalogue' | 'fetch' | 'connectionTimeoutMs'>>;
}

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
}

const MINUTE = 60_000;
/** Per-address limits on the endpoints worth abusing: sign-in, sign-up, resets, codes and tokens. */
export const rateLimits: Record<string, RateLimit> = {
  login: { max: 20, timeWindow: MINUTE, perAccount: true },
  createUser: { max: 10, timeWindow: MINUTE },
  forgotPassword: { max: 5, timeWindow: MINUTE },
  getResetPassword: { max: 20, timeWindow: MINUTE },
  resetPassword: { max: 10, timeWindow: MINUTE },
  setPasswordToken: { max: 5, timeWindow: MINUTE },
  setPassword: { max: 10, timeWindow: MINUTE },
  verifyEmail: { max: 20, timeWindow: MINUTE },
  changePassword: { max: 10, timeWindow: MINUTE },
  confirmPassword: { max: 10, timeWindow: MINUTE },
  setupTwoFactor: { max: 10, timeWindow: MINUTE },
  getToken: { max: 120, timeWindow: MINUTE },
  exchangeToken: { max: 60, timeWindow: MINUTE },
  createDeviceCode: { max: 10, timeWindow: MINUTE },
  authorizeDevice: { max: 10, timeWindow: MINUTE },
  getCaptchaChallenge: { max: 60, timeWindow: MINUTE },
  acceptInvite: { max: 20, timeWindow: MINUTE },
};

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

/**
 * What several processes must share, through Redis when there is one (every process then sees every
 * invalidation, revocation and sign-in failure); else in-process.
 */
async function sharedState(app: FastifyInstance, config: Config) {
  if (!config.REDIS_URL) {
    return { decisions: new MemoryDecisionCache() as DecisionCache, failures: new MemoryFailureTracker() };
  }
  const log = (message: string, error: unknown) => app.log.warn({ err: error }, message);
  const redis = await openRedis(config.REDIS_URL, log);
  app.addHook('onClose', () => closeRedis(redis));
  return {
    decisions: new RedisDecisionCache(redis, `${config.REDIS_KEY_PREFIX}perm:`, log) as DecisionCache,
    failures: new RedisFailureTracker(redis, `${config.REDIS_KEY_PREFIX}attempts:`, log) as FailureTracker,
    revocations: new RedisRevocationBus(redis, config.REDIS_KEY_PREFIX, log),
    redis,
  };
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
  const { db } = deps.database;
  const captcha: CaptchaVerifier =
    config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
      ? new RecaptchaVerifier(config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET_KEY)
      : new ProofOfWorkCaptcha(await ensureSecret(db, 'captcha-hmac'), config.CAPTCHA_MAX_NUMBER, () => clock.now());
  // Page tokens are signed with a secret every process shares, so any process can read another's.
  usePageTokenSecret(await ensureSecret(db, 'page-token-hmac'));
  await syncBuiltInRoles(db);
  const jobs = new JobQueue(db, clock, {
    pollMs: config.JOB_POLL_MS,
    log: (message, err) => app.log.error({ err }, message),
  });
  // Every call to an address a user gave goes through this one guarded fetch (decision 024).
  const outbound = createOutboundFetch({ allow: config.OUTBOUND_ALLOW_HOSTS });
  const push = new PushSender(
    { ...(await ensureVapidKeys(db)), subject: vapidSubject(config.PUBLIC_URL, config.ADMIN_EMAIL) },
    outbound,
  );
  jobs.register(PUSH_QUEUE, pushJobHandler({ db, sender: push, publicUrl: config.PUBLIC_URL }));
  // One gateway for billing's calls and its background jobs (the monthly invoice run, the hourly
  // collector, auto top-ups): the Stripe gateway keeps each project's customer between calls.
  const billingGateway = deps.paymentGateway ?? createGateway(config, clock);
  const billingLog = (message: string, details: unknown) => app.log.error({ err: details }, message);
  registerInvoiceJobs(jobs, { db, gateway: billingGateway, clock, log: billingLog });
  registerAutoTopUp(jobs, { db, clock, gateway: billingGateway, log: billingLog });
  await scheduleInvoiceJobs(jobs, clock);
  const integrations = { ...defaultIntegrations(), fetch: outbound, ...deps.integrations };
  registerModuleCharges(jobs, {
    db,
    clock,
    registry: integrations.registry,
    log: (message, details) => app.log.error({ err: details }, message),
  });
  await scheduleModuleCharges(jobs, clock);
  registerJobPurge(jobs, { db, clock });
  await scheduleJobPurge(jobs, clock);
  const shared = await sharedState(app, config);
  const sessions = new SessionStore(db, clock, config.SESSION_TTL_DAYS * 24 * 60 * MINUTE, shared.revocations);
  await sessions.start();
  app.addHook('onClose', () => sessions.close());
  const services: Services = {
    clock,
    permissions: new PermissionResolver(db, undefined, config.PERMISSION_CACHE_MS, shared.decisions),
    database: deps.database,
    platform: new PlatformService(db),
    mail: new MailService(db, clock, {
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      log: (msg, err) => app.log.error({ err }, msg),
    }),
    sessions,
    tokens: await TokenService.create(db, {
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
      sessions: {
        isLive: (sessionId) => sessions.isLiveCached(sessionId),
        openGrant: async (userId, ttlMs) => (await sessions.create(db, userId, {}, ttlMs)).id,
      },
    }),
    captcha,
    jobs,
    notifications: new NotificationService({ clock, jobs }),
  };
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
  app.setSerializerCompiler(memoizingSerializerCompiler);
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
    ...(shared.redis ? { redis: shared.redis, nameSpace: `${config.REDIS_KEY_PREFIX}rate:`, skipOnError: true } : {}),
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
  await app.register(fastifyCompress, { threshold: 1024 });
  await registerOpenApi(app, config.PUBLIC_URL, config.WEB_DIST_DIR);

  const accounts: AccountContext = {
    db,
    clock,
    sessions: services.sessions,
    tokens: services.tokens,
    mail: services.mail,
    captcha,
    failures: shared.failures,
    platform: services.platform,
    publicUrl: config.PUBLIC_URL,
    cookies,
  };
  const resolver =
    deps.accessResolver ??
    accountResolver({
      db,
      sessions: services.sessions,
      tokens: services.tokens,
      permissions: services.permissions,
      clock,
    });
  // One lifecycle for the store and for project templates: both install modules the same way.
  const moduleDeps: IntegrationDeps = {
    db,
    clock,
    platform: services.platform,
    notifications: services.notifications,
    cipher: await CredentialCipher.load(db),
    ...integrations,
  };
  const modules = new ModuleLifecycle(moduleDeps);
  const handlers: Handlers<typeof operations> = {
    ...healthHandlers(deps.database),
    ...platformHandlers(services.platform),
    ...accountHandlers(accounts),
    ...authHandlers(accounts),
    ...adminUserHandlers({ db, clock }),
    ...accessHandlers(services.permissions),
    ...projectHandlers({ db, permissions: services.permissions, platform: services.platform, modules }),
    ...organisationHandlers({ db, platform: services.platform }),
    ...templateHandlers({ db, permissions: services.permissions, modules, access: resolver }),
    ...memberHandlers({ db, permissions: services.permissions }),
    ...authKeyHandlers({ db, clock, permissions: services.permissions }),
    ...roleHandlers({ db, permissions: services.permissions }),
    ...auditHandlers(db),
    ...notificationHandlers({
      db,
      clock,
      notifications: services.notifications,
      push,
      allowHttpPush: config.PUSH_ALLOW_HTTP,
    }),
    ...blogHandlers({ db, clock, permissions: services.permissions, platform: services.platform }),
    ...termsHandlers({ db, clock }),
    ...bookmarkHandlers({ db, clock }),
    ...integrationHandlers({ ...moduleDeps, lifecycle: modules }),
    ...billingHandlers({
      db,
      clock,
      idempotencySecret: await ensureSecret(db, 'idempotency-hmac'),
      jobs: services.jobs,
      gateway: billingGateway,
      ...(deps.testClock ? { testClock: deps.testClock } : {}),
    }),
    ...inviteHandlers({
      db,
      clock,
      mail: services.mail,
      permissions: services.permissions,
      platform: services.platform,
      publicUrl: config.PUBLIC_URL,
    }),
  };
  registerOperations(app, operations, handlers, resolver, rateLimits, config.NODE_ENV !== 'production');

  await registerWebApp(app, config.WEB_DIST_DIR);
  return app;
}
