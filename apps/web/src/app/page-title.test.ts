import { describe, expect, it } from 'vitest';
import { formatPageTitle } from './page-title';

describe('formatPageTitle', () => {
  it("is the route title, ' - ', then the platform name", () => {
    expect(formatPageTitle('Dashboard', 'Wharf')).toBe('Dashboard - Wharf');
  });

  it('prefixes the unread count in parentheses when there is any', () => {
    expect(formatPageTitle('Dashboard', 'Wharf', 3)).toBe('(3) Dashboard - Wharf');
    expect(formatPageTitle('Dashboard', 'Wharf', 0)).toBe('Dashboard - Wharf');
  });

  it('is the platform name alone for a route without a title', () => {
    expect(formatPageTitle(undefined, 'Wharf')).toBe('Wharf');
    expect(formatPageTitle(undefined, 'Wharf', 2)).toBe('(2) Wharf');
  });
});
