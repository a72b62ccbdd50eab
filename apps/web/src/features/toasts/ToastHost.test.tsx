import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Nudge } from './Nudge';
import { Shove } from './Shove';
import { ToastHost } from './ToastHost';
import { announce, nudge, resetToasts, shove } from './toasts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToasts());
});

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('nudges', () => {
  it('show one at a time, in order, each for the 2500 ms default, removed 150 ms later', () => {
    render(<ToastHost />);
    act(() => {
      nudge('First');
      nudge('Second');
    });
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(screen.queryByText('Second')).not.toBeInTheDocument();

    advance(2499);
    expect(screen.getByText('First').closest('[data-leaving]')).toBeNull();
    advance(1);
    // The exit transition: still there, fading, for about 150 ms.
    expect(screen.getByText('First').closest('[data-leaving]')).not.toBeNull();
    advance(149);
    expect(screen.getByText('First')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();

    advance(2500);
    advance(150);
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('stays 1000 ms by default when the component is rendered directly', () => {
    const onClose = vi.fn();
    render(<Nudge message="Direct" onClose={onClose} />);
    advance(1000);
    advance(149);
    expect(onClose).not.toHaveBeenCalled();
    advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has a progress bar running down over its timeout that hover pauses, with the timer', () => {
    const onClose = vi.fn();
    render(<Nudge message="Read me" timeout={2500} onClose={onClose} />);
    const bar = screen.getByTestId('nudge-progress');
    expect(bar).toHaveClass('toast-progress');
    expect(bar.style.animationDuration).toBe('2500ms');
    expect(bar.style.animationPlayState).toBe('running');

    advance(1000);
    fireEvent.mouseEnter(screen.getByText('Read me'));
    expect(bar).toHaveAttribute('data-paused', 'true');
    expect(bar.style.animationPlayState).toBe('paused');
    advance(10_000);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.mouseLeave(screen.getByText('Read me'));
    expect(bar.style.animationPlayState).toBe('running');
    // 1500 ms were left when the pointer arrived; then the 150 ms exit.
    advance(1499);
    expect(screen.getByText('Read me').closest('[data-leaving]')).toBeNull();
    advance(1);
    advance(149);
    expect(onClose).not.toHaveBeenCalled();
    advance(1);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('pauses while keyboard focus is inside it', () => {
    const onClose = vi.fn();
    render(<Nudge message="Focus me" onClose={onClose} />);
    act(() => screen.getByRole('button', { name: 'Dismiss' }).focus());
    expect(screen.getByTestId('nudge-progress')).toHaveAttribute('data-paused', 'true');
    advance(5000);
    expect(onClose).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Dismiss' }).blur());
    advance(1000);
    advance(150);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['info', 'status'],
    ['success', 'status'],
    ['warning', 'alert'],
    ['danger', 'alert'],
  ] as const)('a %s nudge has role %s', (level, role) => {
    render(<Nudge message="Said" level={level} onClose={() => {}} />);
    expect(screen.getByRole(role)).toHaveTextContent('Said');
  });

  it('closes from its close button, and its action runs then closes it', () => {
    const onClick = vi.fn();
    render(<ToastHost />);
    act(() => {
      nudge({ message: 'Deleted', title: 'Bookmark', action: { label: 'Undo', onClick } });
      nudge('Next');
    });
    expect(screen.getByText('Bookmark')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onClick).toHaveBeenCalledTimes(1);
    advance(150);
    expect(screen.queryByText('Deleted')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    advance(150);
    expect(screen.queryByText('Next')).not.toBeInTheDocument();
  });
});

/** Presses at (0, 0), moves to (dx, dy) and lets go, as one pointer. */
function swipe(element: HTMLElement, dx: number, dy: number, release = true) {
  const pointer = { pointerId: 1, isPrimary: true, button: 0 };
  fireEvent.pointerDown(element, { ...pointer, clientX: 0, clientY: 0 });
  fireEvent.pointerMove(element, { ...pointer, clientX: dx / 2, clientY: dy / 2 });
  fireEvent.pointerMove(element, { ...pointer, clientX: dx, clientY: dy });
  if (release) fireEvent.pointerUp(element, { ...pointer, clientX: dx, clientY: dy });
}

const shoveOf = (text: string) => screen.getByText(text).closest<HTMLElement>('[style]')!;

describe('shoves', () => {
  it('stack on the notification layer', () => {
    render(<ToastHost />);
    act(() => {
      shove('One');
      shove('Two');
    });
    const stack = screen.getByRole('region', { name: 'Notifications' });
    expect(stack).toHaveClass('z-notification');
    expect(stack).toHaveTextContent(/One.*Two/);
  });

  it('is removed by a 250 px swipe and kept after a 100 px one, which springs back in 0.3 s', () => {
    render(<ToastHost />);
    act(() => {
      shove('Far');
      shove('Near');
    });
    act(() => swipe(shoveOf('Far'), 250, 0));
    expect(screen.queryByText('Far')).not.toBeInTheDocument();

    act(() => swipe(shoveOf('Near'), -100, 0));
    const near = shoveOf('Near');
    expect(near.style.transform).toBe('translateX(0px)');
    expect(near.style.opacity).toBe('1');
    expect(near.style.transition).toContain('transform 0.3s');
  });

  it('follows the pointer while swiped, fading with distance', () => {
    render(<Shove message="Dragged" onDismiss={() => {}} />);
    act(() => swipe(shoveOf('Dragged'), 100, 0, false));
    const element = shoveOf('Dragged');
    expect(element.style.transform).toBe('translateX(100px)');
    expect(Number(element.style.opacity)).toBeCloseTo(0.65);
    expect(element.style.transition).toBe('none');
  });

  it('cancels the swipe on mostly vertical movement over 10 px, so the page scrolls', () => {
    const onDismiss = vi.fn();
    render(<Shove message="Scrolled past" onDismiss={onDismiss} />);
    const element = shoveOf('Scrolled past');
    act(() => swipe(element, 4, 30, false));
    expect(element.style.transform).toBe('translateX(0px)');
    // The gesture is over: later sideways movement and the release do nothing.
    const pointer = { pointerId: 1, isPrimary: true, button: 0 };
    act(() => {
      fireEvent.pointerMove(element, { ...pointer, clientX: 300, clientY: 30 });
      fireEvent.pointerUp(element, { ...pointer, clientX: 300, clientY: 30 });
    });
    expect(element.style.transform).toBe('translateX(0px)');
    expect(onDismiss).not.toHaveBeenCalled();
  });

  it('is dismissed by Escape or its close button', () => {
    render(<ToastHost />);
    act(() => {
      shove({ message: 'Escaped', level: 'danger' });
      shove('Closed');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Escaped');
    fireEvent.keyDown(screen.getAllByRole('button', { name: 'Dismiss' })[0]!, { key: 'Escape' });
    expect(screen.queryByText('Escaped')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Closed')).not.toBeInTheDocument();
  });

  it('stays until dismissed, unless given a timeout', () => {
    render(<ToastHost />);
    act(() => {
      shove('Stays');
      shove({ message: 'Goes', timeout: 4000 });
    });
    advance(4000);
    expect(screen.getByText('Stays')).toBeInTheDocument();
    expect(screen.queryByText('Goes')).not.toBeInTheDocument();
  });
});

describe('announcements', () => {
  it('show one at a time in the 40 px bar, the next when the current is dismissed', () => {
    render(<ToastHost />);
    act(() => {
      announce('Maintenance tonight');
      announce({ message: 'New billing page', level: 'success' });
    });
    const bars = screen.getAllByRole('region', { name: 'Announcements' });
    expect(bars).toHaveLength(1);
    expect(bars[0]).toHaveClass('h-10');
    expect(bars[0]).toHaveTextContent('Maintenance tonight');
    expect(screen.queryByText('New billing page')).not.toBeInTheDocument();
    const layer = screen.getByRole('status');
    expect(layer.style.height).toBe('40px');
    expect(layer).toHaveClass('z-notification');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByText('Maintenance tonight')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Announcements' })).toHaveTextContent('New billing page');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument();
  });
});
