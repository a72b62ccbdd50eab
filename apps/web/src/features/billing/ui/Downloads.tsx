import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonSize, type ButtonVariant } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { useTokens } from '../../accounts/use-auth';
import { errorMessage } from '../../forms/form-errors';
import { formatBytes, saveBlob, streamExport, type StreamProgress } from '../download';

/** A file the client hands back whole (a PDF): the button says it is working, then saves it. */
export function DownloadButton({
  label,
  pendingLabel = 'Downloading…',
  filename,
  load,
  variant = 'secondary',
  size = 'small',
  'aria-label': ariaLabel,
}: {
  label: string;
  pendingLabel?: string;
  filename: string;
  load: () => Promise<Blob>;
  variant?: ButtonVariant;
  size?: ButtonSize;
  'aria-label'?: string;
}) {
  const [state, setState] = useState<{ pending: boolean; error?: string }>({ pending: false });
  async function download() {
    setState({ pending: true });
    try {
      saveBlob(await load(), filename);
      setState({ pending: false });
    } catch (error) {
      setState({ pending: false, error: errorMessage(error) });
    }
  }
  return (
    <span className="inline-grid gap-1">
      <Button
        variant={variant}
        size={size}
        onClick={() => void download()}
        disabled={state.pending}
        aria-busy={state.pending || undefined}
        aria-label={ariaLabel}
      >
        {state.pending ? pendingLabel : label}
      </Button>
      {state.error && (
        <span role="alert" className="text-xs text-danger">
          {state.error}
        </span>
      )}
    </span>
  );
}

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: StreamProgress }
  | { phase: 'done'; progress: StreamProgress }
  | { phase: 'cancelled' }
  | { phase: 'failed'; message: string };

/**
 * A CSV export read as it streams: bytes and rows received so far, a Cancel that aborts the
 * request, and the file saved at the end. The export calls are POSTs under /v1/billing that the
 * generated client can only return whole, so this reads `response.body` itself with the same
 * bearer token the client sends.
 */
export function StreamingExport({
  label,
  path,
  project,
  body,
  filename,
  className,
  size = 'default',
  'aria-label': ariaLabel,
}: {
  label: string;
  /** Names the button when its label alone is ambiguous (one per table row). */
  'aria-label'?: string;
  /** `/v1/billing/transactions/export` */
  path: string;
  project: string;
  body: unknown;
  filename: string;
  className?: string;
  size?: ButtonSize;
}) {
  const tokens = useTokens();
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops a running export.
  useEffect(() => () => controller.current?.abort(), []);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', progress: { bytes: 0, rows: 0 } });
    try {
      const token = await tokens.getToken();
      let last: StreamProgress = { bytes: 0, rows: 0 };
      const blob = await streamExport({
        url: `${path}?${new URLSearchParams({ project }).toString()}`,
        body,
        token,
        signal: abort.signal,
        onProgress: (progress) => {
          last = progress;
          setState({ phase: 'running', progress });
        },
      });
      if (abort.signal.aborted) return;
      saveBlob(blob, filename);
      setState({ phase: 'done', progress: last });
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'cancelled' });
      else
        setState({
          phase: 'failed',
          message: error instanceof Error && error.message ? error.message : errorMessage(error),
        });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  }

  const running = state.phase === 'running';
  return (
    <div className={cx('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      {running ? (
        <Button variant="secondary" size={size} onClick={() => controller.current?.abort()}>
          Cancel export
        </Button>
      ) : (
        <Button variant="secondary" size={size} onClick={() => void run()} aria-label={ariaLabel}>
          {label}
        </Button>
      )}
      <p className="text-xs text-muted" role="status" aria-live="polite">
        {state.phase === 'running' &&
          `Exporting… ${formatBytes(state.progress.bytes)} received, ${state.progress.rows} ${state.progress.rows === 1 ? 'row' : 'rows'}`}
        {state.phase === 'done' &&
          `Export saved: ${state.progress.rows} ${state.progress.rows === 1 ? 'row' : 'rows'}, ${formatBytes(state.progress.bytes)}.`}
        {state.phase === 'cancelled' && 'Export cancelled.'}
      </p>
      {state.phase === 'failed' && (
        <p role="alert" className="w-full text-sm text-danger">
          The export failed: {state.message}
        </p>
      )}
    </div>
  );
}
