import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPlatformId } from '../../modules/projects/read-models.js';
import { createUser, signInAs } from '../../test/accounts.js';
import { createStartedTestApp, type TestApp } from '../../test/app.js';
import { bearerToken } from '../../test/billing.js';
import { READ_PATH_LISTS, seedReadPath, type ReadPathList } from '../../test/read-path.js';
import { countStatements } from '../../test/statements.js';

/**
 * Issue 19: a list request costs a fixed number of SQL statements, whatever its rows and the number
 * of the caller's projects. Each list is requested with 2 rows, then with 42 (and, for the projects
 * list, in more projects): the count must not grow, and must stay within what it cost when measured.
 */

/** More projects of the reader's, for the lists that show every project (the projects list). */
const MORE_PROJECTS = 6;

describe('statements per list request', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createStartedTestApp();
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  it.each(READ_PATH_LISTS.map((list) => [list.name, list] as const))(
    '%s: the same statements with 42 rows as with 2',
    async (_name, list: ReadPathList) => {
      const email = `reader.${list.name}@example.com`;
      const reader = await createUser(t, email);
      const token = await bearerToken(t, reader.id);
      const bearer = (method: 'GET' | 'POST', url: string, payload?: object) =>
        t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
      const newProject = async (name: string) => {
        const res = await bearer('POST', '/v1/projects', { name, organisationName: `${name} Org` });
        expect(res.statusCode, res.body).toBe(201);
        return (res.json() as { id: string }).id;
      };
      const projectId = await newProject(`Read path ${list.name}`);
      const ids = { platformId: (await projectPlatformId(t.database.db, projectId))!, projectId, userId: reader.id };
      const browser = list.credential === 'session' ? await signInAs(t, email) : undefined;
      const request = () => (browser ? browser.get(list.url(projectId)) : bearer('GET', list.url(projectId)));

      /** One request after a warm-up (first requests fill caches): its statements and how many rows it shows. */
      const measure = async () => {
        const warm = await request();
        expect(warm.statusCode, warm.body).toBe(200);
        let res: Awaited<ReturnType<typeof request>> | undefined;
        const statements = await countStatements(t.database, async () => {
          res = await request();
        });
        expect(res!.statusCode, res!.body).toBe(200);
        return { statements, rows: list.rows(res!.json()) };
      };

      await seedReadPath(t.database.db, ids, 2, { now: t.clock.now() });
      const few = await measure();
      await seedReadPath(t.database.db, ids, 40, { now: t.clock.now() });
      if (list.name === 'projects') {
        for (let i = 0; i < MORE_PROJECTS; i++) await newProject(`More ${i}`);
      }
      const many = await measure();

      // The seed reaches the list: it shows the rows added (or, for the projects list, the projects).
      expect(few.rows).toBeGreaterThanOrEqual(list.name === 'projects' ? 1 : 2);
      expect(many.rows - few.rows).toBe(list.name === 'projects' ? MORE_PROJECTS : 40);
      // No per-row statements: more rows cost nothing more, and the count is today's at most.
      expect(many.statements).toBeLessThanOrEqual(few.statements);
      expect(few.statements).toBeLessThanOrEqual(list.maxStatements);
      // The count is of the request's own statements (test/statements.ts), and a list reads at least once.
      expect(few.statements).toBeGreaterThan(0);
    },
    60_000,
  );
});
