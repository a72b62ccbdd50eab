import type { DriveUsage } from '@wharf/contract';

const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size as people read it: "512 bytes", "1.5 KB", "3.2 MB", "1 GB". Units of 1024, as the drive's
 * quota is set (the default is 1024³ bytes: "1 GB", not "1.1 GB") and as its own messages count.
 */
export function formatBytes(bytes: number, locale?: string): string {
  if (bytes < 1024) return `${new Intl.NumberFormat(locale).format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = value < 10 ? 1 : 0;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}

/** "3.2 MB of 1 GB used" */
export function usageText(usage: Pick<DriveUsage, 'usedBytes' | 'quotaBytes'>, locale?: string): string {
  return `${formatBytes(usage.usedBytes, locale)} of ${formatBytes(usage.quotaBytes, locale)} used`;
}

/** How full the drive is, 0 to 1 (a drive without a quota is full). */
export function usageShare(usage: Pick<DriveUsage, 'usedBytes' | 'quotaBytes'>): number {
  if (usage.quotaBytes <= 0) return 1;
  return Math.min(1, Math.max(0, usage.usedBytes / usage.quotaBytes));
}

/** "1 file", "3 files" */
export function fileCount(n: number): string {
  return `${new Intl.NumberFormat().format(n)} ${n === 1 ? 'file' : 'files'}`;
}
