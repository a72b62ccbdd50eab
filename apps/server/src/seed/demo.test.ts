import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestClock } from '../core/clock.js';
import type { DatabaseHandle } from '../core/db/database.js';
import { users } from '../modules/accounts/schema.js';
import { roleAssignments, roles } from '../modules/access/schema.js';
import { blogs } from '../modules/blog/schema.js';
import { bootstrapPlatform } from '../modules/platform/bootstrap.js';
import { platforms } from '../modules/platform/schema.js';
import {
  organisationMembers,
  organisations,
  projectMembers,
  projectRoles,
  projects,
} from '../modules/projects/schema.js';
import { createTestDatabase } from '../test/database.js';
import { seedDemo } from './demo.js';

describe('the demo seed', () => {
  let database: DatabaseHandle;
  let platformId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    await bootstrapPlatform(database.db, createTestClock(), {
      platformName: 'Wharf',
      adminEmail: 'admin@wharf.local',
      publicUrl: 'http://localhost:3000',
    });
    const [platform] = await database.db.select().from(platforms);
    platformId = platform!.id;
  });
  afterAll(() => database.close());

  const counts = async () => ({
    platforms: (await database.db.select().from(platforms)).length,
    organisations: (await database.db.select().from(organisations)).length,
    projects: (await database.db.select().from(projects)).length,
    users: (await database.db.select().from(users)).length,
    projectMembers: (await database.db.select().from(projectMembers)).length,
    organisationMembers: (await database.db.select().from(organisationMembers)).length,
    blogs: (await database.db.select().from(blogs)).length,
  });

  it('loads one platform, two organisations, seven projects (one on the demo plan) and every role', async () => {
    await seedDemo(database.db, platformId);
    const after = await counts();
    expect(after).toMatchObject({ platforms: 1, organisations: 2, projects: 7, users: 7 });
    expect(await database.db.select().from(projects).where(eq(projects.planCode, 'demo'))).toHaveLength(1);
    const held = await database.db
      .select({ key: roles.key, projectId: roleAssignments.projectId })
      .from(roleAssignments)
      .innerJoin(roles, eq(roles.id, roleAssignments.roleId));
    expect([...new Set(held.map((h) => h.key))].sort()).toEqual([...projectRoles].sort());
    // Every project has an owner.
    expect(new Set(held.filter((h) => h.key === 'owner').map((h) => h.projectId)).size).toBe(7);
    expect(await database.db.select().from(projectMembers)).toHaveLength(16);
  });

  it("publishes the platform's help: at least six tutorials and six FAQs, with safe HTML", async () => {
    const posts = await database.db.select().from(blogs);
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
