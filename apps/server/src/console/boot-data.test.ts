import { permissions } from '@wharf/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStartedTestApp, type TestApp } from '../test/app.js';
import { createUser, signInAs, type TestBrowser } from '../test/accounts.js';
import { bearerUser, createProjectAs } from '../test/projects.js';

/** The JSON block of a page, parsed; undefined when the page has none. */
function bootOf(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/json" id="wharf-boot">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

describe('boot data in the page', () => {
  let t: TestApp;
  let browser: TestBrowser;
  let projectId: string;

  beforeAll(async () => {
    t = await createStartedTestApp();
    const owner = await bearerUser(t, 'boot.owner@example.com');
    // A name that tries to end the script element: it must stay text inside the JSON.
    projectId = (await createProjectAs(owner, 'Harbour </script><script>alert(1)</script>')).id;
    browser = await signInAs(t, 'boot.owner@example.com');
  });
  afterAll(() => t.close());

  it("carries a signed-in person's user, platform, projects and a working token, never cached", async () => {
    const page = await browser.get(`/dashboard/?project=${projectId}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toContain('Cookie');
    expect(page.body).not.toContain('</script><script>alert(1)');
    const boot = bootOf(page.body)!;
    expect(boot.user).toMatchObject({ email: 'boot.owner@example.com' });
    expect(boot.platform).toMatchObject({ name: expect.any(String) });
    expect(boot.projects).toEqual([
      expect.objectContaining({ id: projectId, name: expect.stringContaining('Harbour') }),
    ]);
    const project = await t.app.inject({
      method: 'GET',
      url: `/v1/projects/${projectId}`,
      headers: { authorization: `Bearer ${boot.token as string}` },
    });
    expect(project.statusCode).toBe(200);
    // The owner's decision on every permission in the page's project, as /enforce gives it.
    expect(boot.access).toEqual({ project: projectId, granted: [...permissions], denied: [] });
  });

  it("decides the page's project as /enforce would: all denied in someone else's, none for a malformed id", async () => {
    const stranger = await bearerUser(t, 'boot.stranger@example.com');
    const theirs = (await createProjectAs(stranger, 'Not yours')).id;
    const foreign = bootOf((await browser.get(`/dashboard/?project=${theirs}`)).body)!;
    expect(foreign.access).toEqual({ project: theirs, granted: [], denied: [...permissions] });
    const malformed = bootOf((await browser.get('/dashboard/?project=not-a-project')).body)!;
    expect(malformed.user).toBeDefined();
    expect(malformed.access).toBeUndefined();
    expect(bootOf((await browser.get('/settings')).body)!.access).toBeUndefined();
  });

  it('carries the unread counts and the active terms the console would fetch first', async () => {
    const owner = (await browser.get('/omnis/v3/dashboard/user')).json() as { id: string };
    const db = t.database.db;
    await t.app.services.notifications.notifyUser(db, { userId: owner.id, title: 'Welcome aboard' });
    await t.app.services.notifications.notifyProject(db, { projectId, title: 'First order' });
    const page = bootOf((await browser.get(`/dashboard/?project=${projectId}`)).body)!;
    const asked = (await browser.get('/omnis/v3/dashboard/user/notifications?pageSize=1')).json() as {
      unread: unknown;
    };
    expect(page.unread).toEqual(asked.unread);
    expect(page.unread).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ group: 'user', count: 1 }),
        expect.objectContaining({ group: `project:${projectId}`, count: 1 }),
      ]),
    );

    const platform = (page.platform as { id: string }).id;
    const active = await t.app.inject({
      method: 'GET',
      url: `/omnis/v3/platform/${platform}/activeTerms?project=${projectId}`,
    });
    expect(page.terms).toEqual({ platform, project: projectId, terms: active.json().terms });
    // Without a project in the address, the platform's terms as asked without one.
    const settings = bootOf((await browser.get('/settings')).body)!;
    expect(settings.terms).toMatchObject({ platform, project: null });
  });

  it('gives visitors and dead sessions the plain page', async () => {
    const visitor = await t.app.inject({ method: 'GET', url: '/login' });
    expect(visitor.headers['cache-control']).toBe('no-cache');
    expect(bootOf(visitor.body)).toBeUndefined();

    await createUser(t, 'boot.gone@example.com');
    const gone = await signInAs(t, 'boot.gone@example.com');
    await gone.post('/omnis/v3/dashboard/user/logout');
    gone.cookies.set('wharf_session', 'forged-or-expired');
    const page = await gone.get('/dashboard/');
    expect(bootOf(page.body)).toBeUndefined();
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});
