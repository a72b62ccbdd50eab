import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { renderApp } from '../test/render-app';
import { AI_STUDIO_SEARCH, aiStudioRouteName, openAiStudio, setRuntimeRoutes, useOpenAiStudio } from './navigation';
import { routeTable, type PageEntry } from './routes';

describe('AI studio route names (SPEC.md section 2)', () => {
  it('are {current route name}.ai-studio.{type}', () => {
    expect(aiStudioRouteName('products.view', 'mockup')).toBe('products.view.ai-studio.mockup');
    expect(aiStudioRouteName('designs.list', 'video')).toBe('designs.list.ai-studio.video');
  });

  it('use photoshoot for the product type', () => {
    expect(aiStudioRouteName('products.view', 'product')).toBe('products.view.ai-studio.photoshoot');
  });

  it('open with stay-open=evaluating', async () => {
    const navigate = vi.fn(() => Promise.resolve());
    await openAiStudio(navigate, 'products.view', 'product', { params: { id: '7' }, search: { project: 'p1' } });
    expect(navigate).toHaveBeenCalledWith('products.view.ai-studio.photoshoot', {
      params: { id: '7' },
      search: { project: 'p1', 'stay-open': 'evaluating' },
    });
    expect(AI_STUDIO_SEARCH).toEqual({ 'stay-open': 'evaluating' });
  });
});

describe('useOpenAiStudio', () => {
  function StudioButton() {
    const open = useOpenAiStudio();
    return (
      <button type="button" onClick={() => void open('product')}>
        Open studio
      </button>
    );
  }
  const blank = { layout: 'blank', user: false, project: 'sometimes' } as const;
  const routes: PageEntry[] = [
    ...routeTable,
    { path: '/designs/$designId', staticData: { name: 'designs.view', ...blank }, component: StudioButton },
    {
      path: '/designs/$designId/ai-studio/photoshoot',
      staticData: { name: 'designs.view.ai-studio.photoshoot', title: 'Photoshoot', ...blank },
      component: () => <h1>Photoshoot studio</h1>,
    },
  ];

  it('opens the studio over the page on screen, with its parameters and project, and stay-open=evaluating', async () => {
    // Studio routes are modules' routes: known by name while installed, as the registry makes them.
    const owner = {};
    setRuntimeRoutes(owner, routes.slice(routeTable.length));
    onTestFinished(() => setRuntimeRoutes(owner, []));
    const { router } = renderApp('/designs/d1?project=p1', fakeApi().fetch, routes);
    await userEvent.click(await screen.findByRole('button', { name: 'Open studio' }));
    expect(await screen.findByRole('heading', { name: 'Photoshoot studio' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/designs/d1/ai-studio/photoshoot'));
    expect(router.state.location.search).toEqual({ project: 'p1', 'stay-open': 'evaluating' });
  });
});
