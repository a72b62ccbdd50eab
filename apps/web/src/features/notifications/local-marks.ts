import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * What this browser tab knows about notifications that the server's answers may not say yet:
 * - `deleted`: deleted here; a poll answered with stale data still holding one never brings it back;
 * - `seen`: shown in an open tab for a moment (SPEC.md section 4), so no longer highlighted as new.
 * Seen is local only: the server's read state changes on a click or 'Mark all as read'.
 */
export interface NotificationMarks {
  deleted: ReadonlySet<string>;
  seen: ReadonlySet<string>;
}

export interface NotificationMarksStore {
  get: () => NotificationMarks;
  subscribe: (listener: () => void) => () => void;
  markDeleted: (id: string) => void;
  /** Undoes markDeleted (the delete failed, so the notification is still there). */
  unmarkDeleted: (id: string) => void;
  markSeen: (ids: Iterable<string>) => void;
}

export function createMarksStore(): NotificationMarksStore {
  let marks: NotificationMarks = { deleted: new Set(), seen: new Set() };
  const listeners = new Set<() => void>();
  const set = (next: NotificationMarks) => {
    marks = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => marks,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    markDeleted: (id) => {
      if (!marks.deleted.has(id)) set({ ...marks, deleted: new Set(marks.deleted).add(id) });
    },
    unmarkDeleted: (id) => {
      if (!marks.deleted.has(id)) return;
      const deleted = new Set(marks.deleted);
      deleted.delete(id);
      set({ ...marks, deleted });
    },
    markSeen: (ids) => {
      const fresh = [...ids].filter((id) => !marks.seen.has(id));
      if (fresh.length > 0) set({ ...marks, seen: new Set([...marks.seen, ...fresh]) });
    },
  };
}

// One store per query cache: the cache is the session's (a new user gets a new cache of queries,
// and tests a new client each), so the marks live and go with it.
const stores = new WeakMap<QueryClient, NotificationMarksStore>();

export function marksStoreOf(queryClient: QueryClient): NotificationMarksStore {
  let store = stores.get(queryClient);
  if (!store) {
    store = createMarksStore();
    stores.set(queryClient, store);
  }
  return store;
}

export function useMarksStore(): NotificationMarksStore {
  return marksStoreOf(useQueryClient());
}

export function useNotificationMarks(): NotificationMarks {
  const store = useMarksStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
