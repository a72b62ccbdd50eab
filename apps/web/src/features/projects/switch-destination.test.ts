import { describe, expect, it } from 'vitest';
import { switchDestination } from './switch-destination';

const projectId = '00000000-0000-4000-b000-000000000001';

describe('switchDestination', () => {
  it('continues to a same-origin path with the project set, replacing any other', () => {
    expect(switchDestination({ projectId, redirectUri: '/users/invites?project=old&search=ada#top' })).toBe(
      `/users/invites?project=${projectId}&search=ada#top`,
    );
  });

  it('keeps notification=true only when asked', () => {
    expect(switchDestination({ projectId, redirectUri: '/users', notification: 'true' })).toBe(
      `/users?project=${projectId}&notification=true`,
    );
    expect(switchDestination({ projectId, redirectUri: '/users', notification: 'false' })).toBe(
      `/users?project=${projectId}`,
    );
  });

  it.each([
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    'javascript:alert(1)',
    '/projects/switch?project=x',
    '/projects/switch/',
  ])("goes to the project's settings for %j", (redirectUri) => {
    expect(switchDestination({ projectId, redirectUri })).toBe(`/project/settings?project=${projectId}`);
  });
});
