import { sql } from 'drizzle-orm';
import type { Database } from '../core/db/database.js';
import { users } from '../modules/accounts/schema.js';
import { addMember } from '../modules/access/service.js';
import { upsertPlatformPosts } from '../modules/blog/service.js';
import { organisationMembers, organisations, projects } from '../modules/projects/schema.js';
import { demoFaqs, demoTutorials } from './demo-blog.js';
import { demoMemberships, demoOrganisations, demoProjects, demoUsers } from './demo-data.js';

export interface SeedSummary {
  organisations: number;
  projects: number;
  users: number;
  memberships: number;
  /** Help posts of the platform (tutorials and FAQs) written. */
  posts: number;
}

/** The help posts' dates: a fixed week, each list newest first in the order written. */
const POSTS_PUBLISHED = Date.parse('2026-01-12T09:00:00Z');
const HOUR = 60 * 60 * 1000;

/** Load the demo world onto a platform, in one transaction; running it twice changes nothing more. */
export async function seedDemo(db: Database, platformId: string): Promise<SeedSummary> {
  return db.transaction(async (tx) => {
    await tx
      .insert(organisations)
      .values(demoOrganisations.map((o) => ({ ...o, platformId })))
      .onConflictDoUpdate({ target: organisations.id, set: { name: sql`excluded.name` } });
    await tx
      .insert(projects)
      .values(demoProjects.map((project) => ({ ...project, platformId })))
      .onConflictDoUpdate({
        target: projects.id,
        set: {
          name: sql`excluded.name`,
          planCode: sql`excluded.plan_code`,
          organisationId: sql`excluded.organisation_id`,
        },
      });
    await tx
      .insert(users)
      .values(demoUsers.map((u) => ({ ...u })))
      .onConflictDoUpdate({
        target: users.id,
        set: {
          firstName: sql`excluded.first_name`,
          lastName: sql`excluded.last_name`,
          username: sql`excluded.username`,
        },
      });
    for (const m of demoMemberships) await addMember(tx, m.projectId, m.userId, m.role);
    // A project member belongs to the project's organisation.
    const organisationOf = new Map<string, string>(demoProjects.map((project) => [project.id, project.organisationId]));
    const orgMembers = new Map<string, { organisationId: string; userId: string }>();
    for (const m of demoMemberships) {
      const organisationId = organisationOf.get(m.projectId)!;
      orgMembers.set(`${organisationId}:${m.userId}`, { organisationId, userId: m.userId });
    }
    await tx
      .insert(organisationMembers)
      .values([...orgMembers.values()])
      .onConflictDoNothing();
    const posts = await upsertPlatformPosts(tx, platformId, [
      ...demoTutorials.map((post, i) => ({ ...post, at: new Date(POSTS_PUBLISHED - i * HOUR) })),
      ...demoFaqs.map((post, i) => ({ ...post, at: new Date(POSTS_PUBLISHED - 24 * HOUR - i * HOUR) })),
    ]);
    return {
      organisations: demoOrganisations.length,
      projects: demoProjects.length,
      users: demoUsers.length,
      memberships: demoMemberships.length,
      posts,
    };
  });
}
