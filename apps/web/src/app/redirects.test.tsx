import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, signedInApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { pathOf } from './navigation';

const post = {
  id: 'b1060000-0000-4000-8000-000000000001',
  slug: 'invite-your-team',
  title: 'Invite your team',
  excerpt: '',
  content: '<p>Steps.</p>',
  category: 'tutorial',
  type: 'parent-platform',
  projectId: null,
  visibility: 'published',
  publishedAt: '2026-01-12T09:00:00.000Z',
  createdAt: '2026-01-12T09:00:00.000Z',
  updatedAt: '2026-01-12T09:00:00.000Z',
  author: null,
};

describe('redirects with parameters', () => {
  it('sends the factory tutorial path to the support tutorial of the same slug, keeping the query', async () => {
    const project = '00000000-0000-4000-b000-000000000001';
    const api = signedInApi({
      'GET /v1/blog/blogs/invite-your-team': json(200, post),
      'GET /v1/projects': json(200, []),
    });
    const { router } = renderApp(`/factory/tutorials/invite-your-team?project=${project}`, api.fetch);
    expect(await screen.findByRole('heading', { name: 'Invite your team', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/support/tutorials/invite-your-team');
    expect(router.state.location.search).toMatchObject({ project });
    // Replaced, so Back does not land on the redirect again.
    expect(router.history.length).toBe(1);
  });

  it('passes a parameter through as it came: decoded once, encoded once', async () => {
    const { router } = renderApp('/factory/tutorials/caf%C3%A9%20menu', signedInApi().fetch);
    await screen.findByRole('heading', { name: 'Tutorial not found' });
    expect(router.state.location.pathname).toBe('/support/tutorials/café menu');
    expect(router.state.matches.at(-1)?.params).toEqual({ blogSlug: 'café menu' });
  });

  it('names both routes', () => {
    expect(pathOf('factory.tutorials.view', { blogSlug: 'a-b' })).toBe('/factory/tutorials/a-b');
    expect(pathOf('core.support.tutorials.view', { blogSlug: 'a-b' })).toBe('/support/tutorials/a-b');
  });
});
