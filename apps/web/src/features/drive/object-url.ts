import { useEffect } from 'react';

interface Held {
  url: string;
  users: number;
}

const held = new Map<Blob, Held>();

function urlOf(blob: Blob): string {
  let entry = held.get(blob);
  if (!entry) {
    entry = { url: URL.createObjectURL(blob), users: 0 };
    held.set(blob, entry);
  }
  return entry.url;
}

/**
 * An object URL for a blob while a component shows it, revoked once nothing shows it any more. The
 * URL is counted rather than tied to one effect: React may unmount and mount a component again
 * (StrictMode, a list re-keyed) with the same blob, and a revoked URL would leave a broken image.
 */
export function useObjectUrl(blob: Blob | undefined): string | undefined {
  const url = blob ? urlOf(blob) : undefined;
  useEffect(() => {
    if (!blob) return;
    const entry = held.get(blob);
    if (entry) entry.users++;
    return () => {
      const current = held.get(blob);
      if (!current) return;
      current.users--;
      // On the next turn: a component mounted again at once takes it back first.
      setTimeout(() => {
        if (current.users <= 0 && held.get(blob) === current) {
          held.delete(blob);
          URL.revokeObjectURL(current.url);
        }
      }, 0);
    };
  }, [blob]);
  return url;
}
