import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScrollFade } from './ScrollFade';

type Callback = (entries: Pick<IntersectionObserverEntry, 'target' | 'isIntersecting'>[]) => void;

/** An IntersectionObserver the test drives: `show(target, visible)` reports a sentinel in or out of view. */
function fakeIntersectionObserver() {
  const observers: { callback: Callback; targets: Element[]; options?: IntersectionObserverInit }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private readonly entry;
      constructor(callback: Callback, options?: IntersectionObserverInit) {
        this.entry = { callback, targets: [] as Element[], options };
        observers.push(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      disconnect() {
        this.entry.targets = [];
      }
    },
  );
  return {
    observers,
    show(sentinels: Record<'start' | 'end', boolean>) {
      act(() => {
        for (const { callback, targets } of observers) {
          const [start, end] = targets;
          if (start && end) {
            callback([
              { target: start, isIntersecting: sentinels.start },
              { target: end, isIntersecting: sentinels.end },
            ]);
          }
        }
      });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ScrollFade', () => {
  it('fades only the edges with more content beyond them', () => {
    const io = fakeIntersectionObserver();
    render(
      <ScrollFade data-testid="scroller" className="h-40">
        <p>Long content</p>
      </ScrollFade>,
    );
    const scroller = screen.getByTestId('scroller');
    expect(io.observers[0]?.options?.root).toBe(scroller);
    expect(scroller).toHaveClass('scroll-fade', 'overflow-y-auto');
    expect(scroller).toHaveAttribute('data-direction', 'vertical');

    io.show({ start: true, end: true });
    expect(scroller).not.toHaveAttribute('data-fade-start');
    expect(scroller).not.toHaveAttribute('data-fade-end');

    io.show({ start: true, end: false });
    expect(scroller).not.toHaveAttribute('data-fade-start');
    expect(scroller).toHaveAttribute('data-fade-end');

    io.show({ start: false, end: false });
    expect(scroller).toHaveAttribute('data-fade-start');
    expect(scroller).toHaveAttribute('data-fade-end');

    io.show({ start: false, end: true });
    expect(scroller).toHaveAttribute('data-fade-start');
    expect(scroller).not.toHaveAttribute('data-fade-end');
  });

  it('scrolls sideways in the horizontal variant, with a custom fade size', () => {
    fakeIntersectionObserver();
    render(
      <ScrollFade data-testid="row" direction="horizontal" fadeSize="2rem" contentClassName="flex gap-2">
        <span>One</span>
        <span>Two</span>
      </ScrollFade>,
    );
    const row = screen.getByTestId('row');
    expect(row).toHaveAttribute('data-direction', 'horizontal');
    expect(row).toHaveClass('overflow-x-auto');
    expect(row.style.getPropertyValue('--scroll-fade-size')).toBe('2rem');
    expect(screen.getByText('One').parentElement).toHaveClass('flex', 'gap-2');
  });

  it('measures on scroll where there is no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(
      <ScrollFade data-testid="scroller">
        <p>Content</p>
      </ScrollFade>,
    );
    const scroller = screen.getByTestId('scroller');
    Object.defineProperties(scroller, {
      clientHeight: { value: 100, configurable: true },
      scrollHeight: { value: 300, configurable: true },
    });
    scroller.scrollTop = 100;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(scroller).toHaveAttribute('data-fade-start');
    expect(scroller).toHaveAttribute('data-fade-end');

    scroller.scrollTop = 200;
    act(() => {
      scroller.dispatchEvent(new Event('scroll'));
    });
    expect(scroller).toHaveAttribute('data-fade-start');
    expect(scroller).not.toHaveAttribute('data-fade-end');
  });
});
