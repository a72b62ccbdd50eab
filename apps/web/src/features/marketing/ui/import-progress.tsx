import type { SubscriberImport } from '../api/imports';

const count = (n: number) => n.toLocaleString('en');

/** Step 3 while the job runs: how far through the file it is, and the records read so far. */
export function ImportProgress({ subscriberImport }: { subscriberImport: SubscriberImport }) {
  const { size, bytesRead, rows, status } = subscriberImport;
  const percent = size > 0 ? Math.min(100, Math.floor((bytesRead / size) * 100)) : 0;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <span>{status === 'queued' ? 'Waiting to start…' : `Importing… ${count(rows)} lines read`}</span>
        <span className="text-muted">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-3 overflow-hidden rounded-full bg-surface-raised"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
