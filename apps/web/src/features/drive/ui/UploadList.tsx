import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import type { Upload } from '../api/upload-files';
import { formatBytes } from '../format';

export interface UploadListProps {
  uploads: readonly Upload[];
  onRetry: (key: string) => void;
  onCancel: (key: string) => void;
  onClear: () => void;
}

function progressOf(upload: Upload): number {
  if (upload.status === 'done') return 100;
  if (upload.file.size === 0) return 0;
  return Math.min(100, Math.round((upload.sent / upload.file.size) * 100));
}

function statusText(upload: Upload): string {
  switch (upload.status) {
    case 'waiting':
      return 'Waiting…';
    case 'uploading':
      return `${formatBytes(upload.sent)} of ${formatBytes(upload.file.size)}`;
    case 'done':
      return `Uploaded, ${formatBytes(upload.file.size)}`;
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return 'Not uploaded';
  }
}

/** The files going up, each with its progress bar, and why any failed (with Try again). */
export function UploadList({ uploads, onRetry, onCancel, onClear }: UploadListProps) {
  if (uploads.length === 0) return null;
  const going = uploads.filter((u) => u.status === 'waiting' || u.status === 'uploading').length;
  const finished = uploads.length - going;
  return (
    <section aria-label="Uploads" className="rounded-xl border border-border bg-surface p-4 shadow-xs sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold" aria-live="polite">
          {going > 0
            ? `Uploading ${going} ${going === 1 ? 'file' : 'files'}…`
            : `${finished} ${finished === 1 ? 'upload' : 'uploads'} finished`}
        </h2>
        {finished > 0 && (
          <Button variant="ghost" size="small" onClick={onClear}>
            Clear finished
          </Button>
        )}
      </div>
      <ul className="mt-3 grid gap-3">
        {uploads.map((upload) => {
          const percent = progressOf(upload);
          const name = upload.file.name;
          return (
            <li key={upload.key} className="grid gap-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{name}</span>
                <span
                  className={cx(
                    'text-xs',
                    upload.status === 'failed'
                      ? 'text-danger'
                      : upload.status === 'done'
                        ? 'text-success'
                        : 'text-muted',
                  )}
                >
                  {statusText(upload)}
                </span>
              </div>
              <div
                role="progressbar"
                aria-label={`Upload of ${name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                aria-valuetext={`${percent}%, ${statusText(upload)}`}
                className="h-1.5 overflow-hidden rounded-full bg-surface-raised"
              >
                <div
                  className={cx(
                    'h-full rounded-full transition-[width] duration-200',
                    upload.status === 'failed' ? 'bg-danger' : upload.status === 'done' ? 'bg-success' : 'bg-primary',
                  )}
                  style={{ width: `${upload.status === 'failed' ? 100 : percent}%` }}
                />
              </div>
              {upload.status === 'failed' && upload.error && (
                <p role="alert" className="text-sm text-danger">
                  {upload.error}
                </p>
              )}
              {(upload.status === 'waiting' || upload.status === 'uploading') && (
                <div>
                  <Button
                    variant="ghost"
                    size="small"
                    onClick={() => onCancel(upload.key)}
                    aria-label={`Cancel upload of ${name}`}
                  >
                    Cancel
                  </Button>
                </div>
              )}
              {(upload.status === 'failed' || upload.status === 'cancelled') && (
                <div>
                  <Button
                    variant="secondary"
                    size="small"
                    onClick={() => onRetry(upload.key)}
                    aria-label={`Try uploading ${name} again`}
                  >
                    Try again
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
