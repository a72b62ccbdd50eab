import { systemClock, type Clock } from '../core/clock.js';
import type { Database } from '../core/db/database.js';
import { upsertUsers } from '../modules/accounts/testing.js';
import { addMember } from '../modules/access/service.js';
import { upsertPlatformPosts } from '../modules/blog/service.js';
import { addOrganisationMembers, upsertOrganisations, upsertProjects } from '../modules/projects/testing.js';
import { demoFaqs, demoTutorials } from './demo-blog.js';
import { demoMemberships, demoOrganisations, demoProjects, demoUsers } from './demo-data.js';
import { seedDemoStorefront, type DemoShopSummary } from './demo-storefront.js';

export interface SeedSummary {
  organisations: number;
  projects: number;
  users: number;
  memberships: number;
  /** Help posts of the platform (tutorials and FAQs) written. */
  posts: number;
  /** The demo project's shop: customers, orders, enquiries and reviews written. */
  shop: DemoShopSummary;
}

/** The help posts' dates: a fixed week, each list newest first in the order written. */
const POSTS_PUBLISHED = Date.parse('2026-01-12T09:00:00Z');
const HOUR = 60 * 60 * 1000;

/**
 * Load the demo world onto a platform, in one transaction; running it twice changes nothing more.
 * The shop's orders are dated back from `clock` (its last 30 days are always full).
 */
export async function seedDemo(db: Database, platformId: string, clock: Clock = systemClock): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    await upsertOrganisations(
      tx,
      demoOrganisations.map((o) => ({ ...o, platformId })),
    );
    await upsertProjects(
      tx,
      demoProjects.map((project) => ({ ...project, platformId })),
    );
    await upsertUsers(tx, demoUsers);
    for (const m of demoMemberships) await addMember(tx, m.projectId, m.userId, m.role);
    // A project member belongs to the project's organisation.
    const organisationOf = new Map<string, string>(demoProjects.map((project) => [project.id, project.organisationId]));
    const orgMembers = new Map<string, { organisationId: string; userId: string }>();
    for (const m of demoMemberships) {
      const organisationId = organisationOf.get(m.projectId)!;
      orgMembers.set(`${organisationId}:${m.userId}`, { organisationId, userId: m.userId });
    }
    await addOrganisationMembers(tx, [...orgMembers.values()]);
    const posts = await upsertPlatformPosts(tx, platformId, [
      ...demoTutorials.map((post, i) => ({ ...post, at: new Date(POSTS_PUBLISHED - i * HOUR) })),
      ...demoFaqs.map((post, i) => ({ ...post, at: new Date(POSTS_PUBLISHED - 24 * HOUR - i * HOUR) })),
    ]);
    const shop = await seedDemoStorefront(tx, clock.now());
    return {
      organisations: demoOrganisations.length,
      projects: demoProjects.length,
      users: demoUsers.length,
      memberships: demoMemberships.length,
      posts,
      shop,
    };
  });
}
