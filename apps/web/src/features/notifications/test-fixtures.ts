import type { AppNotification } from './api/types';
import { json } from '../../test/fake-api';

const BASE = '/omnis/v3/dashboard/user/notifications';

/** Notification `n` (1 is the newest): the user's, unread, without an action unless told otherwise. */
export function notificationFixture(n: number, fields: Partial<AppNotification> = {}): AppNotification {
  return {
    id: `0a000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    group: 'user',
    projectId: null,
    title: `Notification ${n}`,
    body: `What happened in ${n}.`,
    image: null,
    action: null,
    createdAt: new Date(Date.now() - n * 60_000).toISOString(),
    readAt: null,
    ...fields,
  };
}

/** `count` notifications of `group`, numbered from `from`. */
export function notificationsOf(count: number, fields: Partial<AppNotification> = {}, from = 1): AppNotification[] {
  return Array.from({ length: count }, (_, i) => notificationFixture(from + i, fields));
}

export interface FakeNotificationCall {
  method: string;
  url: string;
  query: Record<string, string>;
}

/**
 * The notifications API of one user over an in-memory list, as the server answers it: newest
 * first, paged by an offset token, with the unread counts of every group in each answer.
 */
export function notificationServer(initial: AppNotification[], projectNames: Record<string, string> = {}) {
  const state = {
    items: [...initial],
    calls: [] as FakeNotificationCall[],
    /** Answer PUT …/read with this status (204 unless told). */
    readStatus: 204,
    readAllStatus: 204,
    deleteStatus: 204,
    /** Keep answering with deleted notifications (a stale answer, as a cache or replica might give). */
    stale: false,
    /** Answer the list with this status (200 unless told). */
    listStatus: 200,
  };
  const deleted = new Set<string>();

  const visible = () => (state.stale ? state.items : state.items.filter((item) => !deleted.has(item.id)));

  const unread = () => {
    const groups = new Map<string, number>([['user', 0]]);
    for (const item of visible()) {
      groups.set(item.group, (groups.get(item.group) ?? 0) + (item.readAt ? 0 : 1));
    }
    return [...groups].map(([group, count]) => {
      const projectId = group.startsWith('project:') ? group.slice('project:'.length) : null;
      return { group, projectId, projectName: projectId ? (projectNames[projectId] ?? null) : null, count };
    });
  };

  const handle = (method: string, url: string): Response | undefined => {
    const parsed = new URL(url, 'http://console.test');
    if (!parsed.pathname.startsWith(BASE)) return undefined;
    const query = Object.fromEntries(parsed.searchParams);
    state.calls.push({ method, url, query });
    const rest = parsed.pathname.slice(BASE.length);
    if (method === 'GET' && rest === '') {
      if (state.listStatus !== 200) return json(state.listStatus, { code: 'BOOM', message: 'Boom' });
      const all = visible().filter((item) => !query.group || item.group === query.group);
      const offset = Number(query.pageToken ?? 0);
      const size = Number(query.pageSize ?? 20);
      const page = all.slice(offset, offset + size);
      const next = offset + size < all.length ? String(offset + size) : null;
      return json(200, { items: page, nextPageToken: next, unread: unread() });
    }
    if (method === 'PUT' && rest === '/read-all') {
      if (state.readAllStatus >= 400) return json(state.readAllStatus, { code: 'BOOM', message: 'Boom' });
      const now = new Date().toISOString();
      state.items = state.items.map((item) =>
        !item.readAt && (!query.group || item.group === query.group) ? { ...item, readAt: now } : item,
      );
      return new Response(null, { status: 204 });
    }
    const read = /^\/([^/]+)\/read$/.exec(rest);
    if (method === 'PUT' && read) {
      if (state.readStatus >= 400) return json(state.readStatus, { code: 'BOOM', message: 'Boom' });
      const now = new Date().toISOString();
      state.items = state.items.map((item) => (item.id === read[1] && !item.readAt ? { ...item, readAt: now } : item));
      return new Response(null, { status: 204 });
    }
    const one = /^\/([^/]+)$/.exec(rest);
    if (method === 'DELETE' && one) {
      if (state.deleteStatus >= 400) return json(state.deleteStatus, { code: 'BOOM', message: 'Boom' });
      deleted.add(one[1] ?? '');
      return new Response(null, { status: 204 });
    }
    return json(404, { code: 'NOT_FOUND', message: 'No such notification route' });
  };

  /** `base` (fake-api.ts) answering the notification calls from this server. */
  const over =
    (base: typeof globalThis.fetch): typeof globalThis.fetch =>
    async (input, init = {}) =>
      handle((init.method ?? 'GET').toUpperCase(), String(input)) ?? base(input, init);

  const callsTo = (method: string, path = '') =>
    state.calls.filter((call) => call.method === method && new URL(call.url, 'http://x').pathname === BASE + path);

  return { state, over, callsTo, unread };
}
