import type { DriveStorageClass } from '@wharf/contract';
import { formatBytes } from '../../features/drive/format';

/** The drive counts in units of 1024, as its quota is set and shown ("1 GB" is 1024³ bytes). */
export const QUOTA_UNITS = { MB: 1024 ** 2, GB: 1024 ** 3 } as const;
export type QuotaUnit = keyof typeof QUOTA_UNITS;

/** What a drive that was never set up (or was reset) has: the server's defaults. */
export const DEFAULT_QUOTA_BYTES = QUOTA_UNITS.GB;
export const DEFAULT_STORAGE_CLASS: DriveStorageClass = 'standard';

export const STORAGE_CLASSES: readonly { value: DriveStorageClass; label: string }[] = [
  { value: 'standard', label: 'Standard' },
  { value: 'infrequent', label: 'Infrequent access' },
];

/** "Standard", "Infrequent access"; a class this console does not know yet shows as the server names it. */
export function storageClassName(value: string): string {
  return STORAGE_CLASSES.find((c) => c.value === value)?.label ?? value;
}

/** The quota as the form shows it: whole GB when it is, else MB (a quota set by the API may be neither). */
export function quotaInUnits(bytes: number): { amount: number; unit: QuotaUnit } {
  if (bytes > 0 && bytes % QUOTA_UNITS.GB === 0) return { amount: bytes / QUOTA_UNITS.GB, unit: 'GB' };
  return { amount: bytes / QUOTA_UNITS.MB, unit: 'MB' };
}

/** The amount typed in its unit, as bytes, or why it cannot be a quota. */
export function quotaFromUnits(
  amount: number | null,
  unit: QuotaUnit,
): { ok: true; bytes: number } | { ok: false; message: string } {
  if (amount === null) return { ok: false, message: 'Enter a quota: a whole number of MB or GB.' };
  if (!Number.isInteger(amount) || amount < 0)
    return { ok: false, message: 'Enter a whole number, 0 or more (0 takes no more uploads).' };
  const bytes = amount * QUOTA_UNITS[unit];
  if (!Number.isSafeInteger(bytes)) return { ok: false, message: `Enter at most ${formatBytes(maxQuota(unit))}.` };
  return { ok: true, bytes };
}

/** The largest whole amount of `unit` the server takes (a safe integer of bytes). */
export function maxQuota(unit: QuotaUnit): number {
  return Math.floor(Number.MAX_SAFE_INTEGER / QUOTA_UNITS[unit]) * QUOTA_UNITS[unit];
}
