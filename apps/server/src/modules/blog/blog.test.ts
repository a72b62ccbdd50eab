import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../../core/audit/read.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerUser, createProjectAs, type BearerUser } from '../../test/projects.js';
import { setUserFields } from '../accounts/testing.js';
import { addMember } from '../access/service.js';

const BLOGS = '/v1/blog/blogs';

interface BlogBody {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  category: string;
  type: string;
  projectId: string | null;
  visibility: string;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  author: { id: string; name: string | null } | null;
}

describe('the blog API', () => {
  let t: TestApp;
  let admin: BearerUser;
  let owner: BearerUser;
  let viewer: BearerUser;
  let finance: BearerUser;
  let intruder: BearerUser;
  let stranger: BearerUser;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    admin = await bearerUser(t, 'boss@example.com');
    await setUserFields(
      t.database.db,
      { email: 'boss@example.com' },
      { isAdmin: true, firstName: 'Bea', lastName: 'Boss' },
    );
    owner = await bearerUser(t, 'owner.a@example.com');
    viewer = await bearerUser(t, 'viewer.a@example.com');
    finance = await bearerUser(t, 'finance.a@example.com');
    intruder = await bearerUser(t, 'owner.b@example.com');
    stranger = await bearerUser(t, 'stranger@example.com');
    projectA = (await createProjectAs(owner, 'Shop A')).id;
    projectB = (await createProjectAs(intruder, 'Shop B')).id;
    await addMember(t.database.db, projectA, viewer.user.id, 'viewer');
    await addMember(t.database.db, projectA, finance.user.id, 'finance');
  });
  afterAll(() => t.close());

  async function create(who: BearerUser, body: Record<string, unknown>): Promise<BlogBody> {
    t.clock.advance(1000);
    const res = await who.call('POST', BLOGS, {
      content: '<p>Body</p>',
      category: 'tutorial',
      type: 'parent-platform',
      visibility: 'published',
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const list = async (who: BearerUser, query: Record<string, string> = {}) => {
    const res = await who.call('GET', `${BLOGS}?${new URLSearchParams(query)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: BlogBody[]; nextPageToken: string | null };
  };
  const titles = async (who: BearerUser, search: string, extra: Record<string, string> = {}) =>
    (await list(who, { search, pageSize: '100', ...extra })).items.map((b) => b.title);

  const successes = (operationId: string) => auditEntries(t.database.db, { operationId, result: 'success' });

  describe("the platform's own posts", () => {
    it('lets a platform admin write, publish, rename and delete one, each change audited', async () => {
      const draft = await create(admin, {
        title: 'Invite your team',
        content: '<h1>Invite</h1><p>Open <strong>Users</strong>, then Invites.</p>',
        visibility: 'draft',
      });
      expect(draft).toMatchObject({
        slug: 'invite-your-team',
        title: 'Invite your team',
        excerpt: 'Invite Open Users, then Invites.',
        content: '<h2>Invite</h2><p>Open <strong>Users</strong>, then Invites.</p>',
        category: 'tutorial',
        type: 'parent-platform',
        projectId: null,
        visibility: 'draft',
        publishedAt: null,
        author: { id: admin.user.id, name: 'Bea Boss' },
      });
      expect(draft.createdAt).toBe(t.clock.now().toISOString());

      t.clock.advance(60_000);
      const published = await admin.call('PATCH', `${BLOGS}/${draft.id}`, { visibility: 'published' });
      expect(published.statusCode, published.body).toBe(200);
      expect(published.json()).toMatchObject({ visibility: 'published', publishedAt: t.clock.now().toISOString() });

      const renamed = await admin.call('PATCH', `${BLOGS}/${draft.id}`, {
        title: 'Invite your whole team',
        slug: 'invite-team',
        content: '<p>New steps.</p>',
      });
      // The slug changes only when given; an excerpt made from the content follows it.
      expect(renamed.json()).toMatchObject({
        title: 'Invite your whole team',
        slug: 'invite-team',
        excerpt: 'New steps.',
      });
      expect(renamed.json().publishedAt).toBe(published.json().publishedAt);

      expect((await stranger.call('GET', `${BLOGS}/invite-team`)).json().id).toBe(draft.id);
      expect((await admin.call('DELETE', `${BLOGS}/${draft.id}`)).statusCode).toBe(204);
      expect((await admin.call('GET', `${BLOGS}/${draft.id}`)).json()).toEqual({
        code: 'BLOG_NOT_FOUND',
        message: 'Post not found',
      });

      const target = `blog:${draft.id}`;
      expect((await successes('createBlog')).filter((e) => e.target === target)).toHaveLength(1);
      expect((await successes('updateBlog')).filter((e) => e.target === target)).toHaveLength(2);
      const [deleted] = (await successes('deleteBlog')).filter((e) => e.target === target);
      expect(deleted).toMatchObject({ actorUserId: admin.user.id, projectId: null });
      expect(deleted?.details).toMatchObject({ slug: 'invite-team', title: 'Invite your whole team' });
    });

    it('shows published posts to every signed-in user, drafts only to admins', async () => {
      const published = await create(admin, { title: 'Create an API key' });
      const draft = await create(admin, { title: 'Billing roles explained', visibility: 'draft' });
      expect((await stranger.call('GET', `${BLOGS}/${published.id}`)).statusCode).toBe(200);
      expect((await stranger.call('GET', `${BLOGS}/create-an-api-key`)).json().id).toBe(published.id);
      expect((await stranger.call('GET', `${BLOGS}/${draft.id}`)).statusCode).toBe(404);
      expect((await stranger.call('GET', `${BLOGS}/${draft.slug}`)).statusCode).toBe(404);
      expect(await titles(stranger, 'create billing')).toEqual([]);
      expect(await titles(stranger, 'api key')).toEqual(['Create an API key']);
      expect(await titles(stranger, 'billing roles')).toEqual([]);
      expect(await titles(admin, 'billing roles')).toEqual(['Billing roles explained']);
      expect(await titles(stranger, 'visibility:draft')).toEqual([]);
    });

    it('refuses writes to anyone but platform admins, and audits the refusal', async () => {
      const post = await create(admin, { title: 'Switch between projects' });
      const draft = await create(admin, { title: 'Unannounced feature', visibility: 'draft' });
      const refused = await owner.call('POST', BLOGS, {
        title: 'Fake news',
        content: '<p>x</p>',
        category: 'news',
        type: 'parent-platform',
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        code: 'FORBIDDEN',
        message: "Only platform administrators can change the platform's own posts.",
      });
      expect((await owner.call('PATCH', `${BLOGS}/${post.id}`, { title: 'Hijacked' })).statusCode).toBe(403);
      expect((await owner.call('DELETE', `${BLOGS}/${post.id}`)).statusCode).toBe(403);
      // A draft they cannot read does not exist for them.
      expect((await owner.call('PATCH', `${BLOGS}/${draft.id}`, { title: 'Hijacked' })).statusCode).toBe(404);
      expect((await admin.call('GET', `${BLOGS}/${post.id}`)).json().title).toBe('Switch between projects');

      const failures = await auditEntries(t.database.db, { operationId: 'createBlog', result: 'failure' });
      expect(failures.some((e) => e.actorUserId === owner.user.id && e.status === 403)).toBe(true);
    });

    it('asks for a signed-in user', async () => {
      const res = await t.app.inject({ method: 'GET', url: BLOGS });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
    });
  });

  describe('sanitising', () => {
    it('removes scripts, handlers and script links on create and on update', async () => {
      const post = await create(admin, {
        title: 'Sanitised post',
        content:
          '<p onmouseover="steal()">Hi<script>alert(document.cookie)</script></p>' +
          '<a href="javascript:alert(1)">Click me</a> <a href="https://example.com" target="_blank">Out</a>' +
          '<img src="http://tracker.example/p.gif"><img src="https://cdn.example/ok.png" alt="ok">',
      });
      expect(post.content).toBe(
        '<p>Hi</p>Click me <a href="https://example.com" target="_blank" rel="noopener noreferrer">Out</a>' +
          '<img src="https://cdn.example/ok.png" alt="ok" loading="lazy" />',
      );
      const updated = await admin.call('PATCH', `${BLOGS}/${post.id}`, {
        content: '<p>Safe</p><iframe src="https://evil.example"></iframe><a href="JAVASCRIPT:void(0)">x</a>',
      });
      expect(updated.json().content).toBe('<p>Safe</p>x');
      expect(JSON.stringify(updated.json())).not.toMatch(/script|iframe|onmouseover/i);
    });
  });

  describe('slugs', () => {
    it('numbers a derived slug that is taken, and refuses a chosen one (409 SLUG_TAKEN)', async () => {
      const first = await create(admin, { title: 'Give someone billing access' });
      const second = await create(admin, { title: 'Give someone billing access' });
      expect([first.slug, second.slug]).toEqual(['give-someone-billing-access', 'give-someone-billing-access-2']);

      const taken = await admin.call('POST', BLOGS, {
        title: 'Another',
        slug: 'Give-Someone-Billing-Access',
        content: '<p>x</p>',
        category: 'faq',
        type: 'parent-platform',
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({
        code: 'SLUG_TAKEN',
        message: 'The address "give-someone-billing-access" is already used by another post. Choose another.',
      });
      const clash = await admin.call('PATCH', `${BLOGS}/${second.id}`, { slug: first.slug });
      expect(clash.statusCode).toBe(409);
      // Keeping its own slug is no clash.
      expect((await admin.call('PATCH', `${BLOGS}/${first.id}`, { slug: first.slug })).statusCode).toBe(200);
    });

    it('refuses a slug that is not lower-case words and hyphens', async () => {
      const res = await admin.call('POST', BLOGS, {
        title: 'Bad slug',
        slug: 'no spaces/please',
        content: '<p>x</p>',
        category: 'faq',
        type: 'parent-platform',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    });
  });

  describe("projects' posts", () => {
    let post: BlogBody;
    let draft: BlogBody;

    beforeAll(async () => {
      post = await create(owner, {
        title: 'Packing orders at Shop A',
        type: 'project',
        projectId: projectA,
        category: 'tutorial',
      });
      draft = await create(owner, {
        title: 'Shop A holiday hours',
        type: 'project',
        projectId: projectA,
        category: 'news',
        visibility: 'draft',
      });
    });

    it('are written with blog.manage in the project, and audited in it', async () => {
      expect(post).toMatchObject({ type: 'project', projectId: projectA, slug: 'packing-orders-at-shop-a' });
      const [entry] = (await successes('createBlog')).filter((e) => e.target === `blog:${post.id}`);
      expect(entry).toMatchObject({ projectId: projectA, actorUserId: owner.user.id });
    });

    it('are read by members holding blog.read; drafts only with blog.manage', async () => {
      for (const reader of [viewer, finance, owner]) {
        expect((await reader.call('GET', `${BLOGS}/${post.id}`)).statusCode).toBe(200);
        expect(await titles(reader, 'type:project shop')).toContain('Packing orders at Shop A');
      }
      expect((await viewer.call('GET', `${BLOGS}/${draft.id}`)).statusCode).toBe(404);
      expect(await titles(viewer, 'type:project')).toEqual(['Packing orders at Shop A']);
      expect(await titles(owner, 'type:project')).toEqual(['Shop A holiday hours', 'Packing orders at Shop A']);
      expect(await titles(owner, 'type:project visibility:draft')).toEqual(['Shop A holiday hours']);
    });

    it('cannot be changed by a member without blog.manage', async () => {
      const res = await viewer.call('PATCH', `${BLOGS}/${post.id}`, { title: 'Changed' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe("You need the blog.manage permission in this post's project.");
      expect((await viewer.call('DELETE', `${BLOGS}/${post.id}`)).statusCode).toBe(403);
      const create = await viewer.call('POST', BLOGS, {
        title: 'Sneaky',
        content: '<p>x</p>',
        category: 'news',
        type: 'project',
        projectId: projectA,
      });
      expect(create.statusCode).toBe(403);
    });

    it('are invisible across projects: another project is refused by id, slug, list and filter', async () => {
      for (const ref of [post.id, post.slug, draft.id]) {
        expect((await intruder.call('GET', `${BLOGS}/${ref}`)).statusCode).toBe(404);
      }
      expect((await intruder.call('PATCH', `${BLOGS}/${post.id}`, { title: 'Taken over' })).statusCode).toBe(404);
      expect((await intruder.call('DELETE', `${BLOGS}/${post.id}`)).statusCode).toBe(404);
      expect(await titles(intruder, 'type:project')).toEqual([]);
      expect(await titles(intruder, `project:${projectA}`)).toEqual([]);
      expect(await titles(stranger, 'shop a')).toEqual([]);
      // Not even a platform admin reads a project's posts without being in it.
      expect((await admin.call('GET', `${BLOGS}/${post.id}`)).statusCode).toBe(404);

      const planted = await intruder.call('POST', BLOGS, {
        title: 'Planted',
        content: '<p>x</p>',
        category: 'news',
        type: 'project',
        projectId: projectA,
        visibility: 'published',
      });
      expect(planted.statusCode).toBe(403);
      const unknown = await intruder.call('POST', BLOGS, {
        title: 'Nowhere',
        content: '<p>x</p>',
        category: 'news',
        type: 'project',
        projectId: '00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(403);
      expect((await owner.call('GET', `${BLOGS}/${post.id}`)).json().title).toBe('Packing orders at Shop A');
    });

    it("keep each project's posts to its own members, and filter by project", async () => {
      const other = await create(intruder, {
        title: 'Shop B returns policy',
        type: 'project',
        projectId: projectB,
        category: 'faq',
      });
      expect(await titles(intruder, 'type:project')).toEqual(['Shop B returns policy']);
      expect(await titles(owner, `project:${projectB}`)).toEqual([]);
      expect(await titles(owner, `project:${projectA} visibility:published`)).toEqual(['Packing orders at Shop A']);
      expect((await owner.call('GET', `${BLOGS}/${other.slug}`)).statusCode).toBe(404);
    });

    it('need a project exactly when they are project posts', async () => {
      const base = { title: 'x', content: '<p>x</p>', category: 'faq' };
      const missing = await owner.call('POST', BLOGS, { ...base, type: 'project' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toEqual([
        { path: 'body.projectId', message: 'A project post names its project; a platform post names none.' },
      ]);
      const extra = await admin.call('POST', BLOGS, { ...base, type: 'parent-platform', projectId: projectA });
      expect(extra.statusCode).toBe(400);
    });
  });

  describe('search', () => {
    beforeAll(async () => {
      await create(admin, { title: 'What does a plan include?', category: 'faq' });
      await create(admin, { title: 'Platform news: summer release', category: 'news' });
    });

    it("answers the shell's search with published platform and project posts by title", async () => {
      const search = 'visibility:published type:parent-platform,project';
      expect(await titles(viewer, `${search} packing`)).toEqual(['Packing orders at Shop A']);
      expect(await titles(viewer, `${search} plan`)).toEqual(['What does a plan include?']);
      expect(await titles(viewer, `${search} PLAN include`)).toEqual(['What does a plan include?']);
      expect(await titles(viewer, `${search} plan summer`)).toEqual([]);
    });

    it('filters by category and type', async () => {
      expect(await titles(stranger, 'category:faq')).toEqual(['What does a plan include?']);
      expect(await titles(stranger, 'category:news type:parent-platform')).toEqual(['Platform news: summer release']);
      expect(await titles(owner, 'category:news,faq type:project')).toEqual(['Shop A holiday hours']);
    });

    it('takes search words literally (% and _ are not wildcards)', async () => {
      expect(await titles(stranger, '%')).toEqual([]);
      expect(await titles(stranger, '"news:"')).toEqual(['Platform news: summer release']);
    });

    it('refuses an unknown filter value with 400 INVALID_SEARCH', async () => {
      const res = await stranger.call('GET', `${BLOGS}?search=${encodeURIComponent('visibility:hidden')}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'INVALID_SEARCH',
        message: 'Unknown visibility "hidden" in the search. Use draft, published.',
      });
    });
  });

  describe('paging', () => {
    const search = 'category:tutorial type:parent-platform paging';

    beforeAll(async () => {
      for (const title of ['Paging C', 'Paging a', 'Paging E', 'Paging b', 'Paging d']) await create(admin, { title });
    });

    async function all(who: BearerUser, sortBy: string, pageSize = 2) {
      const seen: string[] = [];
      let token: string | null = null;
      let pages = 0;
      do {
        const page = await list(who, {
          search,
          sortBy,
          pageSize: String(pageSize),
          ...(token ? { pageToken: token } : {}),
        });
        expect(page.items.length).toBeLessThanOrEqual(pageSize);
        seen.push(...page.items.map((b) => b.title));
        token = page.nextPageToken;
        pages++;
      } while (token && pages < 10);
      return { seen, pages };
    }

    it('pages newest first by default, each post once', async () => {
      const { seen, pages } = await all(stranger, '-createdAt');
      expect(seen).toEqual(['Paging d', 'Paging b', 'Paging E', 'Paging a', 'Paging C']);
      expect(pages).toBe(3);
      expect((await list(stranger, { search, pageSize: '5' })).nextPageToken).toBeNull();
    });

    it('pages oldest first, by title either way (ignoring case) and by last change', async () => {
      expect((await all(stranger, 'createdAt')).seen).toEqual([
        'Paging C',
        'Paging a',
        'Paging E',
        'Paging b',
        'Paging d',
      ]);
      expect((await all(stranger, 'title', 3)).seen).toEqual([
        'Paging a',
        'Paging b',
        'Paging C',
        'Paging d',
        'Paging E',
      ]);
      expect((await all(stranger, '-title')).seen).toEqual([
        'Paging E',
        'Paging d',
        'Paging C',
        'Paging b',
        'Paging a',
      ]);
      expect((await all(stranger, '-updatedAt', 4)).seen).toHaveLength(5);
    });

    it('refuses a page token it did not make, and an unknown order', async () => {
      for (const pageToken of ['nonsense', Buffer.from('{"at":"x","id":"y"}').toString('base64url')]) {
        const res = await stranger.call('GET', `${BLOGS}?pageToken=${pageToken}`);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('INVALID_PAGE_TOKEN');
      }
      expect((await stranger.call('GET', `${BLOGS}?sortBy=author`)).statusCode).toBe(400);
      expect((await stranger.call('GET', `${BLOGS}?pageSize=101`)).statusCode).toBe(400);
    });
  });
});
