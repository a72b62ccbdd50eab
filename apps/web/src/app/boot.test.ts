import { describe, expect, it, vi } from 'vitest';
import { enforceKeys } from '../features/access/api/enforce';
import { sessionKeys } from '../features/accounts/api/session';
import { notificationKeys } from '../features/notifications/api/keys';
import { termsKeys } from '../features/terms/api/keys';
import { createTokenStore } from '../features/accounts/token-store';
import { projectKeys } from '../features/projects/api/projects';
import { makeJwt } from '../test/jwt';
import { applyBootData, BOOT_ELEMENT_ID, takeBootData } from './boot';
import { platformKeys } from './platform';
import { createQueryClient } from './query-client';

function pageWith(json: string): Document {
  const doc = document.implementation.createHTMLDocument('Wharf');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = BOOT_ELEMENT_ID;
  script.textContent = json;
  doc.body.append(script);
  return doc;
}

describe('boot data', () => {
  it('is read once and taken out of the page', () => {
    const doc = pageWith('{"user":{"id":"u1"}}');
    expect(takeBootData(doc)).toEqual({ user: { id: 'u1' } });
    expect(doc.getElementById(BOOT_ELEMENT_ID)).toBeNull();
    expect(takeBootData(doc)).toBeUndefined();
  });

  it('is ignored when it cannot be read', () => {
    expect(takeBootData(pageWith('{not json'))).toBeUndefined();
  });

  it('seeds the session, platform (by the page project), projects and the token', async () => {
    const queryClient = createQueryClient();
    const fetchToken = vi.fn(async () => 'fetched');
    const tokens = createTokenStore({ fetchToken, onUnauthorized: () => undefined });
    const now = Math.floor(Date.now() / 1000);
    const token = makeJwt({ iat: now, exp: now + 300 });
    applyBootData(
      { queryClient, tokens },
      { user: { id: 'u1' } as never, platform: { name: 'Wharf' } as never, projects: [{ id: 'p1' }] as never, token },
      '?project=p1',
    );
    expect(queryClient.getQueryData(sessionKeys.user())).toEqual({ id: 'u1' });
    expect(queryClient.getQueryData(platformKeys.detail('p1'))).toEqual({ name: 'Wharf' });
    expect(queryClient.getQueryData(projectKeys.list())).toEqual([{ id: 'p1' }]);
    await expect(tokens.getToken()).resolves.toBe(token);
    expect(fetchToken).not.toHaveBeenCalled();
    tokens.clear();
  });

  it("seeds the person's decision on every permission in the page's project", () => {
    const queryClient = createQueryClient();
    const tokens = createTokenStore({ fetchToken: async () => 'x', onUnauthorized: () => undefined });
    applyBootData(
      { queryClient, tokens },
      {
        user: { id: 'u1' } as never,
        access: { project: 'p1', granted: ['projects.read'], denied: ['billing.read'] },
      },
      '?project=p1',
    );
    expect(queryClient.getQueryData(enforceKeys.everything('p1', 'u1'))).toEqual({
      granted: ['projects.read'],
      denied: ['billing.read'],
    });
  });

  it('seeds the unread counts and the active terms, with or without a project', () => {
    const queryClient = createQueryClient();
    const tokens = createTokenStore({ fetchToken: async () => 'x', onUnauthorized: () => undefined });
    const terms = { id: 't1', version: '2', content: 'Be nice' } as never;
    applyBootData(
      { queryClient, tokens },
      {
        user: { id: 'u1' } as never,
        unread: [{ group: 'user', projectId: null, projectName: null, count: 3 }],
        terms: { platform: 'pf', project: 'p1', terms },
      },
      '?project=p1',
    );
    expect(queryClient.getQueryData(notificationKeys.unread())).toEqual([
      { group: 'user', projectId: null, projectName: null, count: 3 },
    ]);
    expect(queryClient.getQueryData(termsKeys.active('pf', 'p1'))).toBe(terms);

    applyBootData(
      { queryClient, tokens },
      { user: { id: 'u1' } as never, terms: { platform: 'pf', project: null, terms: null } },
      '',
    );
    // Seeded as "none yet", which is an answer: the gate does not ask again.
    expect(queryClient.getQueryState(termsKeys.active('pf', undefined))?.status).toBe('success');
    expect(queryClient.getQueryData(termsKeys.active('pf', undefined))).toBeNull();
  });

  it('seeds nothing without a user', () => {
    const queryClient = createQueryClient();
    const tokens = createTokenStore({ fetchToken: async () => 'x', onUnauthorized: () => undefined });
    applyBootData({ queryClient, tokens }, { platform: { name: 'Wharf' } as never }, '');
    expect(queryClient.getQueryData(platformKeys.detail(undefined))).toBeUndefined();
    expect(tokens.peek()).toBeUndefined();
  });
});
