import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DeferredToastHost } from './DeferredToastHost';
import { nudge, resetToasts } from './toasts';

describe('DeferredToastHost', () => {
  afterEach(() => act(() => resetToasts()));

  it('renders nothing until the first toast, then shows it', async () => {
    const { container } = render(<DeferredToastHost />);
    expect(container).toBeEmptyDOMElement();
    act(() => {
      nudge({ message: 'Saved the bookmark.', level: 'success' });
    });
    expect(await screen.findByText('Saved the bookmark.')).toBeInTheDocument();
  });
});
