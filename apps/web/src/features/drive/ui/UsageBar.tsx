import type { DriveUsage } from '@wharf/contract';
import { cx } from '../../../ui/cx';
import { fileCount, usageShare, usageText } from '../format';

/** From here the bar warns, then alarms. */
const WARN = 0.8;
const FULL = 0.95;

/** The drive's usage against its quota: a bar and "3.2 MB of 1 GB used · 12 files". */
export function UsageBar({ usage, className }: { usage: DriveUsage; className?: string }) {
  const share = usageShare(usage);
  const text = usageText(usage);
  const tone = share >= FULL ? 'bg-danger' : share >= WARN ? 'bg-warning' : 'bg-primary';
  return (
    <div className={cx('grid gap-1.5', className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <p className="font-medium">{text}</p>
        <p className="text-xs text-muted">{fileCount(usage.fileCount)}</p>
      </div>
      <div
        role="meter"
        aria-label="Drive usage"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className={cx('h-full rounded-full', tone)}
          style={{ width: `${Math.max(share * 100, share > 0 ? 1 : 0)}%` }}
        />
      </div>
      {share >= FULL && (
        <p className="text-xs text-danger">The drive is nearly full: delete files you no longer need to make room.</p>
      )}
    </div>
  );
}
