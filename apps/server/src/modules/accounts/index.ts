import { MemoryFailureTracker, RedisFailureTracker, type FailureTracker } from '../../core/security/attempts.js';
import { TokenService } from '../../core/security/tokens.js';
import { defineModule, type ServiceOf } from '../../core/modules.js';
import type { captchaModule } from '../captcha/index.js';
import type { mailModule } from '../mail/index.js';
import type { platformModule } from '../platform/index.js';
import { adminUserHandlers } from './admin-handlers.js';
import type { AccountContext } from './context.js';
import { accountHandlers } from './handlers.js';
import { RedisRevocationBus } from './live-sessions.js';
import { SessionStore } from './sessions.js';

const MINUTE = 60_000;

/** People: sign-up, sign-in, sessions and the bearer tokens minted from them, 2FA, admin user lists. */
export const accountsModule = defineModule<
  'accounts',
  AccountContext,
  {
    platform: ServiceOf<typeof platformModule>;
    mail: ServiceOf<typeof mailModule>;
    captcha: ServiceOf<typeof captchaModule>;
  }
>({
  name: 'accounts',
  needs: ['platform', 'mail', 'captcha'],
  setup: async (shared, { platform, mail, captcha }) => {
    const { db, clock, config, redis, onClose } = shared;
    const log = (message: string, error: unknown) => shared.log(message, error);
    // Sign-in failures and session revocations are seen by every process when Redis is there.
    const failures: FailureTracker = redis
      ? new RedisFailureTracker(redis, `${config.REDIS_KEY_PREFIX}attempts:`, log)
      : new MemoryFailureTracker();
    const revocations = redis ? new RedisRevocationBus(redis, config.REDIS_KEY_PREFIX, log) : undefined;
    const sessions = new SessionStore(db, clock, config.SESSION_TTL_DAYS * 24 * 60 * MINUTE, revocations);
    await sessions.start();
    onClose(() => sessions.close());
    const tokens = await TokenService.create(db, {
      issuer: config.PUBLIC_URL,
      ttlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
      sessions: {
        isLive: (sessionId) => sessions.isLiveCached(sessionId),
        openGrant: async (userId, ttlMs) => (await sessions.create(db, userId, {}, ttlMs)).id,
      },
    });
    const context: AccountContext = {
      db,
      clock,
      sessions,
      tokens,
      mail,
      captcha,
      failures,
      platform,
      publicUrl: config.PUBLIC_URL,
      cookies: { secure: config.PUBLIC_URL.startsWith('https:') },
    };
    return {
      handlers: { ...accountHandlers(context), ...adminUserHandlers({ db, clock }) },
      // Per-address limits on the endpoints worth abusing: sign-in, sign-up, resets, codes and tokens.
      rateLimits: {
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
        getCaptchaChallenge: { max: 60, timeWindow: MINUTE },
      },
      service: context,
    };
  },
});
