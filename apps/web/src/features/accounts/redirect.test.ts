import { describe, expect, it } from 'vitest';
import { routeTable } from '../../app/routes';
import { DEFAULT_SIGNED_IN_PATH, safeRedirectPath, signedInDestination } from './redirect';

describe('safeRedirectPath', () => {
  it.each(['/settings', '/settings/change-password?x=1#top', '/device?user_code=ABCD-EFGH', '/'])(
    'keeps the same-origin path %s',
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it.each([
    '//evil.com',
    '//evil.com/settings',
    'https://evil.com',
    'http://evil.com/settings',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    'javascript:alert(1)',
    'evil.com',
    'settings',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    '',
  ])('refuses %j', (path) => {
    expect(safeRedirectPath(path)).toBeUndefined();
  });

  it('refuses what is not text', () => {
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(42)).toBeUndefined();
    expect(safeRedirectPath({ href: '/settings' })).toBeUndefined();
  });
});

describe('signedInDestination', () => {
  it('is the redirect when it is safe, else the default page', () => {
    expect(DEFAULT_SIGNED_IN_PATH).toBe('/dashboard/');
    // The Dashboard's route, not Account settings.
    expect(routeTable.find((r) => r.path === DEFAULT_SIGNED_IN_PATH)?.staticData.name).toBe('project.dashboard');
    expect(signedInDestination('/device?user_code=X')).toBe('/device?user_code=X');
    expect(signedInDestination('//evil.com')).toBe('/dashboard/');
    expect(signedInDestination('https://evil.com')).toBe('/dashboard/');
    expect(signedInDestination('/\\evil.com')).toBe('/dashboard/');
    expect(signedInDestination(undefined)).toBe('/dashboard/');
  });
});
