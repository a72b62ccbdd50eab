import { useLayoutEffect, useRef, useState, type UIEvent } from 'react';
import { PAGE_SIZE, SCROLL_TRIGGER_PX, WINDOW_STEP } from './constants';
import {
  initialWindow,
  resolveStart,
  scrollCorrection,
  slide,
  windowRange,
  type WindowOptions,
  type WindowState,
} from './sliding-window';

export interface SlidingWindowInput<T extends { id: string }> {
  items: readonly T[];
  /** Whether the server has more pages. */
  hasMore: boolean;
  /** Whether a page is on its way (no second request meanwhile). */
  loadingMore: boolean;
  loadMore: () => unknown;
  options?: WindowOptions;
}

const defaults: WindowOptions = { size: PAGE_SIZE, step: WINDOW_STEP, threshold: SCROLL_TRIGGER_PX };

/** Where each rendered item sits in the scroll container's content. */
function measure(container: HTMLElement): Map<string, number> {
  const offsets = new Map<string, number>();
  for (const element of container.querySelectorAll<HTMLElement>('[data-window-item]')) {
    offsets.set(element.dataset.windowItem ?? '', element.offsetTop);
  }
  return offsets;
}

/**
 * The notification list's window (sliding-window.ts) on a scroll container: renders `size` items,
 * slides by `step` near an edge, asks for the next page when the window wants items not loaded yet,
 * and keeps what is on screen in place as items leave or join above it. Give the container
 * `containerRef` and `onScroll`, and each rendered item `data-window-item={id}`.
 */
export function useSlidingWindow<T extends { id: string }>({
  items,
  hasMore,
  loadingMore,
  loadMore,
  options = defaults,
}: SlidingWindowInput<T>) {
  const [state, setState] = useState<WindowState>(initialWindow);
  const containerRef = useRef<HTMLDivElement>(null);
  const lastScrollTop = useRef(0);
  const lastStart = useRef(0);
  const offsets = useRef<Map<string, number>>(new Map());

  const ids = items.map((item) => item.id);
  const start = resolveStart(ids, state, options.size);
  const { from, to } = windowRange(start, items.length, options.size);
  const visible = items.slice(from, to);

  // After the window moved, scroll by what was removed or added above the content on screen.
  useLayoutEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const now = measure(container);
    if (from !== lastStart.current) {
      const correction = scrollCorrection(offsets.current, now, [...now.keys()]);
      if (correction !== 0) {
        container.scrollTop += correction;
        lastScrollTop.current = container.scrollTop;
      }
    }
    lastStart.current = from;
    offsets.current = now;
  });

  const onScroll = (event: UIEvent<HTMLElement>) => {
    const { scrollTop, scrollHeight, clientHeight } = event.currentTarget;
    const direction = scrollTop >= lastScrollTop.current ? 'down' : 'up';
    lastScrollTop.current = scrollTop;
    const next = slide(
      { start: from, total: items.length, hasMore, direction, metrics: { scrollTop, scrollHeight, clientHeight } },
      options,
    );
    if (next.fetchMore && !loadingMore) void loadMore();
    if (next.start !== from) setState({ start: next.start, startId: ids[next.start] });
  };

  return { visible, from, containerRef, onScroll };
}
