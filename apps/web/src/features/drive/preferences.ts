import { DriveSort } from '@wharf/contract';
import { useCallback, useState } from 'react';

export type DriveView = 'grid' | 'list';

/** Local storage keys: the drive opens as it was left, on this device. */
export const DRIVE_VIEW_KEY = 'wharf.drive.view';
export const DRIVE_SORT_KEY = 'wharf.drive.sort';

/** The server's default order: newest first. */
export const DEFAULT_SORT: DriveSort = '-created';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private modes may refuse storage; the choice still holds for this visit.
  }
}

function useStored<T extends string>(key: string, parse: (value: string | null) => T) {
  const [value, setValue] = useState<T>(() => parse(read(key)));
  const set = useCallback(
    (next: T) => {
      setValue(next);
      write(key, next);
    },
    [key],
  );
  return [value, set] as const;
}

/** Grid or list, remembered. */
export function useDriveView() {
  return useStored<DriveView>(DRIVE_VIEW_KEY, (value) => (value === 'list' ? 'list' : 'grid'));
}

/** The order of the files, remembered. */
export function useDriveSort() {
  return useStored<DriveSort>(DRIVE_SORT_KEY, (value) => DriveSort.safeParse(value).data ?? DEFAULT_SORT);
}

/** The orders the sort control offers, in words. */
export const SORT_OPTIONS: readonly { value: DriveSort; label: string }[] = [
  { value: '-created', label: 'Newest first' },
  { value: 'created', label: 'Oldest first' },
  { value: '-updated', label: 'Recently changed' },
  { value: 'name', label: 'Name, A to Z' },
  { value: '-name', label: 'Name, Z to A' },
  { value: '-size', label: 'Largest first' },
  { value: 'size', label: 'Smallest first' },
];
