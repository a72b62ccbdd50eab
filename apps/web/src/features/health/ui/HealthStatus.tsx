import { ApiError } from '@wharf/client';
import { cx } from '../../../ui/cx';
import { useHealthQuery } from '../api/health';

type Tone = 'pending' | 'ok' | 'degraded' | 'down';

const dot: Record<Tone, string> = {
  pending: 'bg-muted',
  ok: 'bg-success',
  degraded: 'bg-warning',
  down: 'bg-danger',
};

const panel: Record<Tone, string> = {
  pending: 'border-border bg-surface-raised text-muted',
  ok: 'border-transparent bg-success-soft text-success',
  degraded: 'border-transparent bg-warning-soft text-warning',
  down: 'border-transparent bg-danger-soft text-danger',
};

function describe(health: ReturnType<typeof useHealthQuery>): { tone: Tone; text: string } {
  if (health.isPending) return { tone: 'pending', text: 'Checking system status…' };
  if (health.isSuccess && health.data.status === 'ok') return { tone: 'ok', text: 'All systems operational' };
  // The health call answers 503 when the server runs but its database does not answer.
  if (health.isSuccess || (health.error instanceof ApiError && health.error.status === 503)) {
    return { tone: 'degraded', text: 'Degraded service: the API is up but its database is not responding.' };
  }
  return { tone: 'down', text: `The API cannot be reached right now (${health.error.message}).` };
}

/** The API's health (`GET /healthz`), in one line. */
export function HealthStatus({ className }: { className?: string }) {
  const { tone, text } = describe(useHealthQuery());
  return (
    <p
      role="status"
      aria-live="polite"
      className={cx(
        'flex items-center gap-2.5 rounded-lg border px-3 py-2 text-sm font-medium',
        panel[tone],
        className,
      )}
    >
      <span aria-hidden="true" className={cx('size-2 shrink-0 rounded-full', dot[tone])} />
      {text}
    </p>
  );
}
