import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../core/clock.js';
import type { DatabaseHandle } from '../core/db/database.js';
import { firstStart } from '../modules/accounts/first-start.js';
import { allUsers } from '../modules/accounts/testing.js';
import { builtInRoles } from '../modules/access/built-in-roles.js';
import { ownerCount, roleKeysOf } from '../modules/access/service.js';
import { allBlogRows } from '../modules/blog/testing.js';
import { allPlatforms } from '../modules/platform/testing.js';
import { projectIdsOnPlan, projectsTableCounts } from '../modules/projects/testing.js';
import { createTestDatabase } from '../test/database.js';
import { demoMemberships, demoProjects } from './demo-data.js';
import { seedDemo } from './demo.js';

describe('the demo seed', () => {
  let database: DatabaseHandle;
  let platformId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await firstStart(database.db, createTestClock(), {
      platformName: 'Wharf',
      adminEmail: 'admin@wharf.local',
      publicUrl: 'http://localhost:3000',
    });
    const [platform] = await allPlatforms(database.db);
    platformId = platform!.id;
  });
  afterAll(() => database.close());

  const counts = async () => ({
    platforms: (await allPlatforms(database.db)).length,
    ...(await projectsTableCounts(database.db)),
    users: (await allUsers(database.db)).length,
    blogs: (await allBlogRows(database.db)).length,
  });

  it('loads one platform, two organisations, seven projects (one on the demo plan) and every role', async () => {
    await seedDemo(database.db, platformId);
    const after = await counts();
    expect(after).toMatchObject({ platforms: 1, organisations: 2, projects: 7, users: 7 });
    expect(await projectIdsOnPlan(database.db, 'demo')).toHaveLength(1);
    const held = new Set<string>();
    for (const m of demoMemberships) {
      for (const key of await roleKeysOf(database.db, m.projectId, m.userId)) held.add(key);
    }
    expect([...held].sort()).toEqual(builtInRoles.map((role) => role.key).sort());
    // Every project has an owner.
    for (const project of demoProjects) expect(await ownerCount(database.db, project.id)).toBeGreaterThan(0);
    expect(after.projectMembers).toBe(16);
  });

  it("publishes the platform's help: at least six tutorials and six FAQs, with safe HTML", async () => {
    const posts = await allBlogRows(database.db);
    const published = posts.filter((p) => p.type === 'parent-platform' && p.visibility === 'published');
    expect(published.filter((p) => p.category === 'tutorial').length).toBeGreaterThanOrEqual(6);
    expect(published.filter((p) => p.category === 'faq').length).toBeGreaterThanOrEqual(6);
    expect(published.map((p) => p.title)).toEqual(
      expect.arrayContaining([
        'Invite your team',
        'Create an API key',
        'Set up two-factor authentication',
        'Give someone billing access',
        'Start a project from a template',
        'Switch between projects',
      ]),
    );
    for (const post of published) {
      expect(post.platformId).toBe(platformId);
      expect(post.excerpt.length, post.slug).toBeGreaterThan(20);
      expect(post.content, post.slug).not.toMatch(/<script|javascript:/i);
      for (const link of post.content.matchAll(/<a [^>]*>/g)) expect(link[0]).toContain('rel="noopener noreferrer"');
    }
  });

  it('can run twice without harm', async () => {
    const before = await counts();
    await seedDemo(database.db, platformId);
    expect(await counts()).toEqual(before);
  });
});
