import type { DriveProjectAdmin } from '@wharf/contract';
import { formatBytes, usageShare, usageText } from '../../features/drive/format';
import { cx } from '../../ui/cx';

/** From here the bar warns, then alarms (as the drive's own usage bar). */
const WARN = 0.8;
const FULL = 0.95;

/** A drive's use of its quota in a table cell: "3.2 MB of 1 GB" over a small bar. */
export function UsageMeter({ drive, className }: { drive: DriveProjectAdmin; className?: string }) {
  const share = usageShare(drive);
  const tone = share >= FULL ? 'bg-danger' : share >= WARN ? 'bg-warning' : 'bg-primary';
  return (
    <div className={cx('grid min-w-36 gap-1', className)}>
      <span className="text-sm whitespace-nowrap tabular-nums">
        {formatBytes(drive.usedBytes)} <span className="text-muted">of {formatBytes(drive.quotaBytes)}</span>
      </span>
      <div
        role="meter"
        aria-label={`${drive.projectName}: drive usage`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(share * 100)}
        aria-valuetext={usageText(drive)}
        className="h-1.5 overflow-hidden rounded-full bg-surface-raised"
      >
        <div
          className={cx('h-full rounded-full', tone)}
          style={{ width: `${Math.max(share * 100, share > 0 ? 1 : 0)}%` }}
        />
      </div>
    </div>
  );
}
