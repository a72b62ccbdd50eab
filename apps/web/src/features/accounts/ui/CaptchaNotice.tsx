import { Spinner } from '../../../ui/Spinner';
import type { Captcha } from '../use-captcha';

/** What the human check is doing, under the form's fields. */
export function CaptchaNotice({ captcha }: { captcha: Captcha }) {
  switch (captcha.status) {
    case 'idle':
      return null;
    case 'solving':
      return (
        <p role="status" className="flex items-center gap-2 text-xs text-muted">
          <Spinner className="size-3.5! border-2!" />
          <span>
            Checking you&apos;re human…
            {captcha.progress > 0 && <span className="sr-only"> {Math.round(captcha.progress * 100)}%</span>}
          </span>
        </p>
      );
    case 'ready':
      return (
        <p role="status" className="flex items-center gap-2 text-xs text-success">
          <svg viewBox="0 0 16 16" className="size-3.5" aria-hidden="true" fill="currentColor">
            <path d="M6.2 11.6 2.8 8.2l1.1-1.1 2.3 2.3 5.9-5.9 1.1 1.1z" />
          </svg>
          <span>Human check complete</span>
        </p>
      );
    case 'unsupported':
      return (
        <p role="alert" className="text-xs text-warning">
          reCAPTCHA is configured but not supported offline. Ask the platform administrator to use the built-in check.
        </p>
      );
    case 'failed':
      return (
        <p role="alert" className="flex flex-wrap items-center gap-x-2 text-xs text-danger">
          <span>The human check could not run.</span>
          <button type="button" onClick={captcha.retry} className="font-medium underline underline-offset-2">
            Try again
          </button>
        </p>
      );
  }
}
