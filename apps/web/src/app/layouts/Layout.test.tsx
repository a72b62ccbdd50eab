import { waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FirstInTransition } from './Layout';

/** A render committed synchronously, outside `act` (which would also flush the transition). */
function renderNow(text: string) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  flushSync(() =>
    root.render(
      <FirstInTransition>
        <p>{text}</p>
      </FirstInTransition>,
    ),
  );
  return { container, root };
}

describe('the first frame of a page', () => {
  const global = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = global.IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => {
    global.IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterAll(() => {
    global.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  });

  it('renders in a transition behind the loading screen, then later frames at once', async () => {
    const first = renderNow('The dashboard');
    // The synchronous render shows the loading screen the page opened with, not the frame…
    expect(first.container).toHaveTextContent('Loading…');
    expect(first.container).not.toHaveTextContent('The dashboard');
    // …which the transition then renders in its place.
    await waitFor(() => expect(first.container).toHaveTextContent('The dashboard'));
    expect(first.container).not.toHaveTextContent('Loading…');
    first.root.unmount();

    // A frame after the first (a navigation to another layout) shows in the render that mounts it.
    const later = renderNow('The settings');
    expect(later.container).toHaveTextContent('The settings');
    expect(later.container).not.toHaveTextContent('Loading…');
    later.root.unmount();
  });
});
