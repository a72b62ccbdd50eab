import { BOOKMARKS_MAX } from '@wharf/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { createUser } from '../../test/accounts.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { addMember } from '../access/service.js';
import { bookmarks, bookmarkTabs } from './schema.js';

interface BookmarkBody {
  id: string;
  title: string;
  data: { route?: { name: string; params: Record<string, string>; query: Record<string, string> }; url?: string };
  description: string | null;
  color: string | null;
  icon: string | null;
  tabId: string | null;
  sortOrder: number;
  tabSortOrder: number;
}
/** Whoever calls: only who they are and how they call matter here. */
type Person = Pick<BearerUser, 'user' | 'call'>;

interface TabBody {
  id: string;
  name: string;
  sortOrder: number;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('bookmarks', () => {
  let t: TestApp;
  let owner: BearerUser;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    owner = await bearerUser(t, 'owner@example.com');
    projectA = (await createProjectAs(owner, 'Shop A')).id;
    projectB = (await createProjectAs(owner, 'Shop B')).id;
  });
  afterAll(() => t.close());

  let people = 0;
  /**
   * A new viewer of project A (read access is all bookmarks need), so each test starts from none. Its
   * token is minted directly: these tests need more people than sign-in's rate limit lets in.
   */
  async function person(): Promise<Person> {
    people += 1;
    const user = await createUser(t, `person${people}@example.com`);
    await addMember(t.database.db, projectA, user.id, 'viewer');
    const token = await t.app.services.tokens.sign(user.id);
    const call: BearerUser['call'] = (method, path, payload) =>
      t.app.inject({
        method: method as 'GET',
        url: path,
        headers: { authorization: `Bearer ${token}` },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    return { user, call };
  }

  const url = (project = projectA) => `/v1/projects/${project}/bookmarks`;
  const tabsUrl = (project = projectA) => `/v1/projects/${project}/bookmarktabs`;
  const route = (name: string, params: Record<string, string> = {}, query: Record<string, string> = {}) => ({
    route: { name, params, query },
  });

  async function create(who: Person, title: string, body: Record<string, unknown> = {}, project = projectA) {
    const res = await who.call('POST', url(project), { title, data: route(`page.${title}`), ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as BookmarkBody;
  }
  async function list(who: Person, project = projectA) {
    const res = await who.call('GET', url(project));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BookmarkBody[];
  }
  async function putTabs(who: Person, tabs: { id: string | null; name: string; sortOrder: number }[]) {
    return who.call('PUT', tabsUrl(), { tabs });
  }
  async function makeTabs(who: Person, ...names: string[]) {
    const res = await putTabs(
      who,
      names.map((name, i) => ({ id: null, name, sortOrder: i + 1 })),
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TabBody[];
  }
  async function move(who: Person, id: string, body: Record<string, unknown>) {
    const res = await who.call('PATCH', `${url()}/${id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BookmarkBody;
  }
  /** Each tab's titles in list order, the default tab as ''; checks the numbering is 1..n everywhere. */
  async function layout(who: Person, tabs: TabBody[] = []) {
    const listed = await list(who);
    const byTab: Record<string, string[]> = {};
    for (const b of listed) {
      const name = b.tabId === null ? '' : tabs.find((tab) => tab.id === b.tabId)!.name;
      (byTab[name] ??= []).push(b.title);
      expect(b.tabSortOrder, `${b.title} in "${name}"`).toBe(byTab[name].length);
    }
    expect(listed.map((b) => b.sortOrder).sort((a, b) => a - b)).toEqual(listed.map((_, i) => i + 1));
    return byTab;
  }
  /** Rows of the caller's, to show that a refused call changed nothing. */
  const snapshot = async () => ({
    bookmarks: await t.database.db.select().from(bookmarks).orderBy(bookmarks.id),
    tabs: await t.database.db.select().from(bookmarkTabs).orderBy(bookmarkTabs.id),
  });
  const successes = (operationId: string) => auditEntries(t.database.db, { operationId, result: 'success' });

  describe('creating', () => {
    it('puts a new bookmark last in its tab and last overall, with every field, audited', async () => {
      const me = await person();
      const [tab] = await makeTabs(me, 'Work');
      const a = await create(me, 'a');
      const b = await create(me, 'b', { tabId: tab!.id, color: 'teal', icon: 'star', description: 'Often used' });
      const c = await create(me, 'c', { data: { url: 'https://example.com/docs' } });
      expect(a).toMatchObject({
        tabId: null,
        sortOrder: 1,
        tabSortOrder: 1,
        color: null,
        icon: null,
        description: null,
      });
      expect(b).toMatchObject({ tabId: tab!.id, sortOrder: 2, tabSortOrder: 1, color: 'teal', icon: 'star' });
      expect(b.description).toBe('Often used');
      expect(c).toMatchObject({
        tabId: null,
        sortOrder: 3,
        tabSortOrder: 2,
        data: { url: 'https://example.com/docs' },
      });
      expect(a.data).toEqual({ route: { name: 'page.a', params: {}, query: {} } });
      expect(await list(me)).toEqual([a, c, b]);

      const [entry] = (await successes('createBookmark')).filter((e) => e.target === `bookmark:${b.id}`);
      expect(entry).toMatchObject({ actorUserId: me.user.id, projectId: projectA, details: { title: 'b' } });
    });

    it('refuses the same route twice with 409 BOOKMARK_EXISTS, whatever the key order', async () => {
      const me = await person();
      const first = { route: { name: 'orders.view', params: { id: '7', tab: 'lines' }, query: { a: '1', b: '2' } } };
      await create(me, 'Order 7', { data: first });
      const reordered = {
        route: { name: 'orders.view', params: { tab: 'lines', id: '7' }, query: { b: '2', a: '1' } },
      };
      const res = await me.call('POST', url(), { title: 'Again', data: reordered });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        code: 'BOOKMARK_EXISTS',
        message: 'This page is already bookmarked. Find it among your bookmarks.',
      });
      // Another query, other params or another name is another page; an address may repeat.
      await create(me, 'Order 7 b', { data: { route: { ...first.route, query: { a: '1' } } } });
      await create(me, 'Order 8', { data: { route: { ...first.route, params: { id: '8', tab: 'lines' } } } });
      await create(me, 'Order edit', { data: { route: { ...first.route, name: 'orders.edit' } } });
      await create(me, 'Out 1', { data: { url: 'https://example.com' } });
      await create(me, 'Out 2', { data: { url: 'https://example.com' } });
      // Missing params and query are the empty ones.
      await create(me, 'Home', { data: { route: { name: 'project.dashboard' } } });
      expect((await me.call('POST', url(), { title: 'x', data: route('project.dashboard') })).statusCode).toBe(409);
      // Someone else, or the same person in another project, may bookmark the same page.
      await create(await person(), 'Theirs', { data: first });
      await create(owner, 'Mine in B', { data: first }, projectB);
    });

    it("refuses a tab that is not the caller's in this project with 404, creating nothing", async () => {
      const me = await person();
      const other = await person();
      const [theirs] = await makeTabs(other, 'Theirs');
      const [ownInB] = (
        await owner.call('PUT', tabsUrl(projectB), { tabs: [{ id: null, name: 'B', sortOrder: 1 }] })
      ).json() as TabBody[];
      const [ownerInA] = (
        await owner.call('PUT', tabsUrl(), { tabs: [{ id: null, name: 'A', sortOrder: 1 }] })
      ).json() as TabBody[];
      const before = await snapshot();
      for (const tabId of [theirs!.id, ownInB!.id, UNKNOWN]) {
        const res = await me.call('POST', url(), { title: 'x', data: route('x'), tabId });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BOOKMARK_TAB_NOT_FOUND');
      }
      const res = await owner.call('POST', url(projectB), { title: 'x', data: route('x'), tabId: ownerInA!.id });
      expect(res.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it(`keeps at most ${BOOKMARKS_MAX} per person and project`, async () => {
      const me = await person();
      const now = t.clock.now();
      await t.database.db.insert(bookmarks).values(
        Array.from({ length: BOOKMARKS_MAX }, (_, i) => ({
          projectId: projectA,
          userId: me.user.id,
          title: `b${i}`,
          data: { url: `https://example.com/${i}` },
          sortOrder: i + 1,
          tabSortOrder: i + 1,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const res = await me.call('POST', url(), { title: 'One more', data: route('more') });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'BOOKMARKS_LIMIT',
        message: expect.stringContaining(`${BOOKMARKS_MAX}`),
      });
      expect(await t.database.db.select().from(bookmarks).where(eq(bookmarks.userId, me.user.id))).toHaveLength(
        BOOKMARKS_MAX,
      );
    });

    it('answers validation errors with 400 {code, message}, creating nothing', async () => {
      const me = await person();
      const before = await snapshot();
      for (const body of [
        { title: '', data: route('x') },
        { title: 'x'.repeat(121), data: route('x') },
        { title: 'Both', data: { route: { name: 'x', params: {}, query: {} }, url: 'https://example.com' } },
        { title: 'Neither', data: {} },
        { title: 'Script', data: { url: 'javascript:alert(1)' } },
        { title: 'Colour', data: route('x'), color: 'chartreuse' },
        { title: 'Tab', data: route('x'), tabId: 'not-a-uuid' },
        { title: 'Param', data: { route: { name: 'x', params: { id: 7 }, query: {} } } },
      ]) {
        const res = await me.call('POST', url(), body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('updating and moving', () => {
    it('changes the fields given and leaves the rest, audited', async () => {
      const me = await person();
      const b = await create(me, 'Orders', { color: 'red', description: 'All of them' });
      const updated = await move(me, b.id, { title: 'Open orders', description: null, icon: 'box' });
      expect(updated).toEqual({ ...b, title: 'Open orders', description: null, icon: 'box' });
      const [entry] = (await successes('updateBookmark')).filter((e) => e.target === `bookmark:${b.id}`);
      expect(entry?.details).toEqual({ fields: ['title', 'description', 'icon'] });
    });

    it('reorders within a tab, keeping 1..n and clamping a position past the end', async () => {
      const me = await person();
      const [a, b, , d] = [await create(me, 'a'), await create(me, 'b'), await create(me, 'c'), await create(me, 'd')];
      await move(me, a!.id, { tabSortOrder: 3 });
      expect(await layout(me)).toEqual({ '': ['b', 'c', 'a', 'd'] });
      await move(me, d!.id, { tabSortOrder: 1 });
      expect(await layout(me)).toEqual({ '': ['d', 'b', 'c', 'a'] });
      const last = await move(me, b!.id, { tabSortOrder: 99 });
      expect(last.tabSortOrder).toBe(4);
      expect(await layout(me)).toEqual({ '': ['d', 'c', 'a', 'b'] });
      // The overall order is not the tab's: it stays as created.
      expect((await list(me)).map((x) => [x.title, x.sortOrder])).toEqual([
        ['d', 4],
        ['c', 3],
        ['a', 1],
        ['b', 2],
      ]);
    });

    it('moves between tabs, renumbering the tab left and the tab joined', async () => {
      const me = await person();
      const tabs = await makeTabs(me, 'Work', 'Later');
      const [work, later] = tabs;
      for (const title of ['a', 'b', 'c']) await create(me, title);
      const [x, y] = [await create(me, 'x', { tabId: work!.id }), await create(me, 'y', { tabId: work!.id })];
      const b = (await list(me)).find((bm) => bm.title === 'b')!;

      const moved = await move(me, b.id, { tabId: work!.id, tabSortOrder: 2 });
      expect(moved).toMatchObject({ tabId: work!.id, tabSortOrder: 2, sortOrder: b.sortOrder });
      expect(await layout(me, tabs)).toEqual({ '': ['a', 'c'], Work: ['x', 'b', 'y'] });

      // Without a position it goes last; with one too large, last as well.
      await move(me, x!.id, { tabId: later!.id });
      await move(me, y!.id, { tabId: later!.id, tabSortOrder: 50 });
      expect(await layout(me, tabs)).toEqual({ '': ['a', 'c'], Work: ['b'], Later: ['x', 'y'] });

      await move(me, y!.id, { tabId: null, tabSortOrder: 1 });
      expect(await layout(me, tabs)).toEqual({ '': ['y', 'a', 'c'], Work: ['b'], Later: ['x'] });
    });

    it("refuses a move to a tab that is not the caller's, changing nothing", async () => {
      const me = await person();
      const other = await person();
      const [theirs] = await makeTabs(other, 'Theirs');
      const b = await create(me, 'b');
      const before = await snapshot();
      const res = await me.call('PATCH', `${url()}/${b.id}`, { tabId: theirs!.id, title: 'Renamed' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('BOOKMARK_TAB_NOT_FOUND');
      expect(await snapshot()).toEqual(before);
    });

    it('answers validation errors with 400, changing nothing', async () => {
      const me = await person();
      const b = await create(me, 'b');
      const before = await snapshot();
      for (const body of [{ title: '' }, { tabSortOrder: 0 }, { tabSortOrder: 1.5 }, { icon: 'skull' }]) {
        const res = await me.call('PATCH', `${url()}/${b.id}`, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('deleting', () => {
    it('closes the gap in its tab and overall, audited; a second delete is 404', async () => {
      const me = await person();
      const tabs = await makeTabs(me, 'Work');
      await create(me, 'a');
      const w1 = await create(me, 'w1', { tabId: tabs[0]!.id });
      const b = await create(me, 'b');
      await create(me, 'w2', { tabId: tabs[0]!.id });
      await create(me, 'c');

      expect((await me.call('DELETE', `${url()}/${b.id}`)).statusCode).toBe(204);
      expect(await layout(me, tabs)).toEqual({ '': ['a', 'c'], Work: ['w1', 'w2'] });
      expect((await me.call('DELETE', `${url()}/${w1.id}`)).statusCode).toBe(204);
      expect(await layout(me, tabs)).toEqual({ '': ['a', 'c'], Work: ['w2'] });
      expect((await list(me)).map((x) => [x.title, x.sortOrder])).toEqual([
        ['a', 1],
        ['c', 3],
        ['w2', 2],
      ]);

      const again = await me.call('DELETE', `${url()}/${b.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().code).toBe('BOOKMARK_NOT_FOUND');
      expect((await successes('deleteBookmark')).filter((e) => e.target === `bookmark:${b.id}`)).toHaveLength(1);
    });
  });

  describe('tabs', () => {
    it('creates, renames and reorders tabs, numbering them 1..n in the given order, audited', async () => {
      const me = await person();
      const created = await makeTabs(me, 'One', 'Two', 'Three');
      expect(created.map((tab) => [tab.name, tab.sortOrder])).toEqual([
        ['One', 1],
        ['Two', 2],
        ['Three', 3],
      ]);
      const [one, two, three] = created;
      const res = await putTabs(me, [
        { id: three!.id, name: 'Three', sortOrder: 10 },
        { id: one!.id, name: 'First', sortOrder: 20 },
        { id: null, name: 'New', sortOrder: 15 },
        { id: two!.id, name: 'Two', sortOrder: 10 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const tabs = res.json() as TabBody[];
      expect(tabs.map((tab) => [tab.name, tab.sortOrder])).toEqual([
        ['Three', 1],
        ['Two', 2],
        ['New', 3],
        ['First', 4],
      ]);
      expect(tabs[0]!.id).toBe(three!.id);
      expect((await me.call('GET', tabsUrl())).json()).toEqual(tabs);

      const entries = (await successes('updateBookmarkTabs')).filter((e) => e.actorUserId === me.user.id);
      expect(entries).toHaveLength(2);
      expect(entries.map((e) => e.details)).toContainEqual({ created: [tabs[2]!.id], deleted: [], moved: 0 });
    });

    it('deletes the tabs left out, moving their bookmarks to the end of the default tab', async () => {
      const me = await person();
      const tabs = await makeTabs(me, 'Keep', 'Drop 1', 'Drop 2');
      const [keep, drop1, drop2] = tabs;
      await create(me, 'a');
      await create(me, 'd2-x', { tabId: drop2!.id });
      await create(me, 'd1-x', { tabId: drop1!.id });
      await create(me, 'k', { tabId: keep!.id });
      await create(me, 'd1-y', { tabId: drop1!.id });
      await create(me, 'b');
      const res = await putTabs(me, [{ id: keep!.id, name: 'Keep', sortOrder: 1 }]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual([{ id: keep!.id, name: 'Keep', sortOrder: 1 }]);
      // Appended in the deleted tabs' order, each keeping its inner order.
      expect(await layout(me, tabs)).toEqual({ '': ['a', 'b', 'd1-x', 'd1-y', 'd2-x'], Keep: ['k'] });
      const entries = (await successes('updateBookmarkTabs')).filter((e) => e.actorUserId === me.user.id);
      expect(entries.map((e) => e.details)).toContainEqual({ created: [], deleted: [drop1!.id, drop2!.id], moved: 3 });

      expect((await putTabs(me, [])).json()).toEqual([]);
      expect(await layout(me)).toEqual({ '': ['a', 'b', 'd1-x', 'd1-y', 'd2-x', 'k'] });
    });

    it("refuses an id that is not the caller's tab in this project with 404, changing nothing", async () => {
      const me = await person();
      const other = await person();
      const mine = await makeTabs(me, 'Mine');
      await create(me, 'in tab', { tabId: mine[0]!.id });
      const [theirs] = await makeTabs(other, 'Theirs');
      const [ownInB] = (
        await owner.call('PUT', tabsUrl(projectB), { tabs: [{ id: null, name: 'B', sortOrder: 1 }] })
      ).json() as TabBody[];
      const before = await snapshot();
      for (const id of [theirs!.id, UNKNOWN]) {
        // The valid parts of the request (a new tab, a deletion of "Mine") must not happen either.
        const res = await putTabs(me, [
          { id: null, name: 'Sneaky', sortOrder: 1 },
          { id, name: 'Stolen', sortOrder: 2 },
        ]);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BOOKMARK_TAB_NOT_FOUND');
      }
      const inA = await owner.call('PUT', tabsUrl(), { tabs: [{ id: ownInB!.id, name: 'Moved', sortOrder: 1 }] });
      expect(inA.statusCode).toBe(404);
      expect(await snapshot()).toEqual(before);
    });

    it('answers validation errors with 400, changing nothing', async () => {
      const me = await person();
      const [tab] = await makeTabs(me, 'Tab');
      const before = await snapshot();
      for (const tabs of [
        [{ id: null, name: '', sortOrder: 1 }],
        [{ id: null, name: 'x', sortOrder: 0 }],
        [{ id: 'new-1', name: 'x', sortOrder: 1 }],
        Array.from({ length: 21 }, (_, i) => ({ id: null, name: `t${i}`, sortOrder: i + 1 })),
        [
          { id: tab!.id, name: 'a', sortOrder: 1 },
          { id: tab!.id, name: 'b', sortOrder: 2 },
        ],
      ]) {
        const res = await putTabs(me, tabs);
        expect(res.statusCode, JSON.stringify(tabs).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      }
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('privacy', () => {
    it("keeps each person's bookmarks and tabs their own: another member gets 404 and sees nothing", async () => {
      const me = await person();
      const other = await person();
      const tabs = await makeTabs(me, 'Private');
      const b = await create(me, 'secret', { tabId: tabs[0]!.id });
      expect(await list(other)).toEqual([]);
      expect((await other.call('GET', tabsUrl())).json()).toEqual([]);
      const before = await snapshot();
      for (const [method, body] of [
        ['PATCH', { title: 'Mine now' }],
        ['DELETE', undefined],
      ] as const) {
        const res = await other.call(method, `${url()}/${b.id}`, body);
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('BOOKMARK_NOT_FOUND');
      }
      // The project's owner neither.
      expect((await owner.call('PATCH', `${url()}/${b.id}`, { title: 'Mine now' })).statusCode).toBe(404);
      // Nor does the same person reach them through another project.
      expect((await owner.call('GET', url(projectB))).json()).not.toContainEqual(expect.objectContaining({ id: b.id }));
      expect(await snapshot()).toEqual(before);
      expect(await list(me)).toEqual([b]);
    });

    it('refuses API keys with 403: a key is nobody and has no bookmarks', async () => {
      const key = await owner.call('POST', `/v1/projects/${projectA}/auth`, {
        name: 'Reader',
        permissions: ['projects.read'],
      });
      const secret = key.json().secret as string;
      const before = await snapshot();
      for (const [method, path, payload] of [
        ['GET', url(), undefined],
        ['POST', url(), { title: 'k', data: route('k') }],
        ['GET', tabsUrl(), undefined],
        ['PUT', tabsUrl(), { tabs: [] }],
      ] as const) {
        const res = await t.app.inject({
          method,
          url: path,
          headers: { authorization: `Bearer ${secret}` },
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${method} ${path}`).toBe(403);
        expect(res.json()).toEqual({
          code: 'FORBIDDEN',
          message: "Bookmarks belong to people, and an API key has none. Use a signed-in user's token.",
        });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('asks for a signed-in member of the project', async () => {
      expect((await t.app.inject({ method: 'GET', url: url() })).statusCode).toBe(401);
      const stranger = await bearerUser(t, 'stranger@example.com');
      expect((await stranger.call('GET', url())).statusCode).toBe(403);
      expect((await stranger.call('POST', url(), { title: 'x', data: route('x') })).statusCode).toBe(403);
    });
  });
});
