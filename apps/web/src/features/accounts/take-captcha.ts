import { CaptchaUnsupportedError } from './captcha';
import type { Captcha } from './use-captcha';
import type { FormErrors } from '../forms/form-errors';

/**
 * The captcha step of a form: wait for the solution (showing that we are waiting), or put the reason
 * it failed on the form. Answers the solution, or undefined when the form should stop.
 */
export async function takeCaptchaSolution(
  captcha: Captcha,
  setWaiting: (waiting: boolean) => void,
  setErrors: (errors: FormErrors) => void,
): Promise<string | undefined> {
  setWaiting(true);
  try {
    return await captcha.take();
  } catch (error) {
    setErrors({
      fields: {},
      message:
        error instanceof CaptchaUnsupportedError
          ? error.message
          : "We couldn't check you're human. Try again in a moment.",
    });
    return undefined;
  } finally {
    setWaiting(false);
  }
}
