import { describe, expect, it } from 'vitest';
import type { Executor } from './database.js';
import { preparedShapes } from './prepared.js';

/** Stands in for a database handle: only its identity matters to the cache. */
const executor = () => ({}) as Executor;

describe('preparedShapes', () => {
  it('builds a statement once per shape and executor, named after the parts the shape uses', async () => {
    const built: string[] = [];
    const page = preparedShapes(
      'things_page',
      (_db, shape: { after: boolean; search: boolean; status?: string }, name) => {
        built.push(name);
        return { execute: async (values: { limit: number }) => ({ name, shape, limit: values.limit }) };
      },
    );
    const db = executor();
    const first = await page(db, { after: false, search: false }, { limit: 21 });
    await page(db, { after: false, search: false }, { limit: 51 });
    const next = await page(db, { search: true, after: true }, { limit: 21 });
    await page(db, { after: true, search: true }, { limit: 21 });
    const due = await page(db, { after: false, search: false, status: 'due' }, { limit: 21 });
    expect(first).toEqual({ name: 'things_page', shape: { after: false, search: false }, limit: 21 });
    expect(next.name).toBe('things_page__after_search');
    expect(due.name).toBe('things_page__status_due');
    expect(built).toEqual(['things_page', 'things_page__after_search', 'things_page__status_due']);
    // A transaction's handle is another executor: its statement is built for it.
    await page(executor(), { after: false, search: false }, { limit: 21 });
    expect(built).toHaveLength(4);
  });
});
