import { defineModule } from '../../core/modules.js';
import { ProofOfWorkCaptcha, RecaptchaVerifier, type CaptchaVerifier } from './service.js';

/** The challenge in front of sign-in and sign-up: reCAPTCHA when keys are set, else proof of work. */
export const captchaModule = defineModule({
  name: 'captcha',
  needs: [],
  setup: async ({ config, clock, secret }) => {
    const service: CaptchaVerifier =
      config.RECAPTCHA_SITE_KEY && config.RECAPTCHA_SECRET_KEY
        ? new RecaptchaVerifier(config.RECAPTCHA_SITE_KEY, config.RECAPTCHA_SECRET_KEY)
        : new ProofOfWorkCaptcha(await secret('captcha-hmac'), config.CAPTCHA_MAX_NUMBER, () => clock.now());
    return { service };
  },
});
