import type { Bookmark } from '@wharf/contract';
import { describe, expect, it } from 'vitest';
import { findRouteBookmark, routeTargetOf, sameEntries, sameRoute, searchStringOf } from './route-match';

function bookmark(n: number, data: Bookmark['data']): Bookmark {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Bookmark ${n}`,
    data,
    description: null,
    color: null,
    icon: null,
    tabId: null,
    sortOrder: n,
    tabSortOrder: n,
  };
}

describe('a route bookmark matches by name, params and query (SPEC.md section 5)', () => {
  const invoices = { name: 'billing.invoices', params: { id: '7', kind: 'due' }, query: { page: '2', sort: 'date' } };

  it('matches the same name, params and query whatever the key order', () => {
    expect(
      sameRoute(invoices, {
        name: 'billing.invoices',
        params: { kind: 'due', id: '7' },
        query: { sort: 'date', page: '2' },
      }),
    ).toBe(true);
  });

  it('does not match another name, a changed, missing or extra param, or a different query', () => {
    expect(sameRoute(invoices, { ...invoices, name: 'billing.summaries' })).toBe(false);
    expect(sameRoute(invoices, { ...invoices, params: { id: '8', kind: 'due' } })).toBe(false);
    expect(sameRoute(invoices, { ...invoices, params: { id: '7' } })).toBe(false);
    expect(sameRoute(invoices, { ...invoices, params: { ...invoices.params, extra: 'x' } })).toBe(false);
    expect(sameRoute(invoices, { ...invoices, query: { page: '2' } })).toBe(false);
    expect(sameRoute(invoices, { ...invoices, query: { page: '3', sort: 'date' } })).toBe(false);
  });

  it('treats missing params and query as empty', () => {
    expect(sameRoute({ name: 'project.dashboard' }, { name: 'project.dashboard', params: {}, query: {} })).toBe(true);
    expect(sameEntries(undefined, {})).toBe(true);
    expect(sameEntries({ a: '1' }, { b: '1' })).toBe(false);
  });

  it('finds the route bookmark of a page, never an address bookmark', () => {
    const list = [
      bookmark(1, { url: 'https://example.com/' }),
      bookmark(2, { route: { name: 'project.users.list', params: {}, query: { search: 'ada' } } }),
      bookmark(3, { route: { name: 'project.users.list', params: {}, query: {} } }),
    ];
    expect(findRouteBookmark(list, { name: 'project.users.list', params: {}, query: {} })?.title).toBe('Bookmark 3');
    expect(findRouteBookmark(list, { name: 'project.users.list', query: { search: 'ada' } })?.title).toBe('Bookmark 2');
    expect(findRouteBookmark(list, { name: 'chat.index' })).toBeUndefined();
  });
});

describe('the page as a route bookmark', () => {
  it('keeps the params as text and the query as the address writes it, without the project', () => {
    expect(routeTargetOf('billing.invoices', { invoiceId: 'inv_1', n: 3 }, '?project=p1&page=2&sort=date')).toEqual({
      name: 'billing.invoices',
      params: { invoiceId: 'inv_1', n: '3' },
      query: { page: '2', sort: 'date' },
    });
    expect(routeTargetOf('project.dashboard', undefined, '')).toEqual({
      name: 'project.dashboard',
      params: {},
      query: {},
    });
  });

  it('writes the query back with the current project', () => {
    expect(searchStringOf({ query: { page: '2' } }, 'p1')).toBe('?page=2&project=p1');
    expect(searchStringOf({ query: { project: 'old' } }, 'p1')).toBe('?project=p1');
    expect(searchStringOf({ query: {} }, undefined)).toBe('');
  });
});
