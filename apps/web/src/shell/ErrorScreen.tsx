import { normalizeError } from '@wharf/client';
import { Button } from '../ui/Button';

/** The console could not start (the platform did not load): say why and offer to try again. */
export function ErrorScreen({ error, onRetry, retrying }: { error: unknown; onRetry: () => void; retrying: boolean }) {
  const { message } = normalizeError(error);
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      <div
        role="alert"
        className="w-full max-w-md rounded-xl border border-border bg-surface p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold">The console could not load</h1>
        <p className="mt-3 text-sm break-words text-muted">{message}</p>
        <Button className="mt-6" onClick={onRetry} disabled={retrying}>
          {retrying ? 'Retrying…' : 'Retry'}
        </Button>
      </div>
    </main>
  );
}
