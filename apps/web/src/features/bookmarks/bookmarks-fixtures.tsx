import type { Bookmark, BookmarkTab } from '@wharf/contract';
import { routeTable, type PageEntry } from '../../app/routes';
import { apiError, fakeApi, fakeProject, json, serviceToken, signedIn, type FakeCall } from '../../test/fake-api';

export const project = fakeProject(1, { name: 'Harbour Shop' });

export const TAB_A = '7ab00000-0000-4000-8000-00000000000a';
export const TAB_B = '7ab00000-0000-4000-8000-00000000000b';

export function tab(id: string, name: string, sortOrder: number): BookmarkTab {
  return { id, name, sortOrder };
}

/** A route bookmark of the dashboard (query n) unless told otherwise. */
export function bookmarkFixture(n: number, fields: Partial<Bookmark> = {}): Bookmark {
  return {
    id: `b0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Bookmark ${n}`,
    data: { route: { name: 'project.dashboard', params: {}, query: { n: String(n) } } },
    description: null,
    color: null,
    icon: null,
    tabId: null,
    sortOrder: n,
    tabSortOrder: n,
    ...fields,
  };
}

/** Every page of the table as a bare heading: these tests look at the header. */
export const stubPages: PageEntry[] = routeTable.map((route) => ({
  ...route,
  component: function StubPage() {
    return <h1>{route.staticData.title}</h1>;
  },
}));

type Handler = (call: FakeCall) => Response | Promise<Response>;

export interface BookmarksServerOptions {
  bookmarks?: Bookmark[];
  tabs?: BookmarkTab[];
  /** Answers the list instead of the server (a 403, a 500…). */
  list?: Handler;
  /** Answers a PATCH instead of the server (a deferred answer). */
  update?: Handler;
}

/**
 * The console's API with a small bookmarks server behind it (one project, one person): it keeps
 * what is created, changed, moved and deleted, so reloads show the change.
 */
export function bookmarksApi(options: BookmarksServerOptions = {}) {
  let bookmarks = (options.bookmarks ?? []).map((b) => structuredClone(b));
  let tabs = [...(options.tabs ?? [])];
  let created = 100;
  const base = `/v1/projects/${project.id}`;

  const renumber = (tabId: string | null) =>
    bookmarks
      .filter((b) => b.tabId === tabId)
      .sort((a, b) => a.tabSortOrder - b.tabSortOrder)
      .forEach((b, i) => (b.tabSortOrder = i + 1));

  const fake = fakeApi({
    routes: {
      ...signedIn(),
      ...serviceToken(),
      'GET /v1/projects': () => json(200, [project]),
      'POST /v1/enforcer/enforce': () =>
        json(200, { permissions: { granted: [], denied: [] }, resolutions: { roles: [] } }),
    },
  });

  const server: typeof globalThis.fetch = async (input, init = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0] ?? url;
    if (!path.startsWith(`${base}/bookmark`)) return fake.fetch(input, init);
    // Recorded like every other call.
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : undefined;
    const call: FakeCall = { method, url, path, headers: new Headers(init.headers), body };
    fake.calls.push(call);
    fake.requests.push(url);

    if (path === `${base}/bookmarks` && method === 'GET') {
      return options.list ? options.list(call) : json(200, bookmarks);
    }
    if (path === `${base}/bookmarks` && method === 'POST') {
      const request = body as { title: string; data: Bookmark['data']; tabId?: string | null };
      const tabId = request.tabId ?? null;
      created += 1;
      const bookmark = bookmarkFixture(created, {
        title: request.title,
        data: request.data,
        tabId,
        tabSortOrder: bookmarks.filter((b) => b.tabId === tabId).length + 1,
      });
      bookmarks.push(bookmark);
      return json(201, bookmark);
    }
    const one = new RegExp(`^${base}/bookmarks/([^/]+)$`).exec(path);
    if (one) {
      const bookmark = bookmarks.find((b) => b.id === one[1]);
      if (!bookmark) return apiError(404, 'NOT_FOUND', 'Bookmark not found');
      if (method === 'DELETE') {
        bookmarks = bookmarks.filter((b) => b !== bookmark);
        renumber(bookmark.tabId);
        return new Response(null, { status: 204 });
      }
      if (method === 'PATCH') {
        if (options.update) {
          const answer = await options.update(call);
          if (!answer.ok) return answer;
        }
        const changes = body as Partial<Bookmark>;
        if ('tabSortOrder' in changes) {
          const from = bookmark.tabId;
          const to = changes.tabId ?? null;
          const others = bookmarks
            .filter((b) => b.tabId === to && b !== bookmark)
            .sort((a, b) => a.tabSortOrder - b.tabSortOrder);
          others.splice((changes.tabSortOrder ?? 1) - 1, 0, bookmark);
          bookmark.tabId = to;
          others.forEach((b, i) => (b.tabSortOrder = i + 1));
          renumber(from);
        }
        const { tabId: _tabId, tabSortOrder: _order, ...rest } = changes;
        Object.assign(bookmark, rest);
        return json(200, bookmark);
      }
    }
    if (path === `${base}/bookmarktabs` && method === 'GET') return json(200, tabs);
    if (path === `${base}/bookmarktabs` && method === 'PUT') {
      const request = body as { tabs: { id: string | null; name: string; sortOrder: number }[] };
      const next = request.tabs.map((t, i) => ({
        id: t.id ?? `7ab00000-0000-4000-8000-${String(900 + i).padStart(12, '0')}`,
        name: t.name,
        sortOrder: t.sortOrder,
      }));
      const kept = new Set(next.map((t) => t.id));
      for (const b of bookmarks) if (b.tabId !== null && !kept.has(b.tabId)) b.tabId = null;
      renumber(null);
      tabs = next;
      return json(200, tabs);
    }
    return apiError(404, 'NOT_FOUND', `No route for ${method} ${url}`);
  };

  return {
    fetch: server,
    calls: fake.calls,
    callsTo: fake.callsTo,
    bookmarks: () => bookmarks,
    tabs: () => tabs,
  };
}
