import { useSearch } from '@tanstack/react-router';
import type { RootSearch } from './router';

/** A search value as text: the default parser reads `?token=123` as a number; ids and codes are text. */
export function searchString(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One of the root's search parameters (router.tsx RootSearch), as text. */
export function useSearchParam(name: keyof RootSearch): string | undefined {
  return useSearch({ strict: false, select: (search: RootSearch) => searchString(search[name]) });
}
