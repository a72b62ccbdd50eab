import type { Executor } from '../../core/db/database.js';
import { blogs } from './schema.js';

/** Test support of the blog module: every post's row, for checks of seeds and other modules' tests. */
export async function allBlogRows(db: Executor): Promise<(typeof blogs.$inferSelect)[]> {
  return db.select().from(blogs);
}
