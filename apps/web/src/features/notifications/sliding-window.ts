/**
 * The notification list's window (SPEC.md section 4): only `size` items are rendered, and the window
 * slides by `step` when the scroll container comes within `threshold` px of its top or bottom. Pure
 * functions, so the rules are tested without a DOM; use-sliding-window.ts wires them to React.
 */

export interface WindowOptions {
  /** Items rendered at once (a page: 20). */
  size: number;
  /** How far one slide moves the window (half a page: 10). */
  step: number;
  /** How close (px) to an edge the scroll position must be for the window to slide (100). */
  threshold: number;
}

export interface ScrollMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/**
 * Where the window stands. `start` may lie beyond the items loaded so far (the next page is on its
 * way); `startId` is the item it started on, so that items arriving above (a poll) don't move it.
 */
export interface WindowState {
  start: number;
  startId?: string | undefined;
}

export const initialWindow: WindowState = { start: 0 };

export function isNearTop(metrics: ScrollMetrics, threshold: number): boolean {
  return metrics.scrollTop <= threshold;
}

export function isNearBottom(metrics: ScrollMetrics, threshold: number): boolean {
  return metrics.scrollHeight - metrics.scrollTop - metrics.clientHeight <= threshold;
}

/** A start that shows a full window when there are enough items, and never a negative one. */
export function clampStart(start: number, total: number, size: number): number {
  return Math.max(0, Math.min(start, total - size));
}

/**
 * The first item rendered, for the items loaded now: the window's own item wherever it has moved to
 * (new items arrived above it), else its index. A window at the top stays at the top, so the newest
 * items show there as they come.
 */
export function resolveStart(ids: readonly string[], state: WindowState, size: number): number {
  let start = state.start;
  if (start > 0 && state.startId !== undefined) {
    const index = ids.indexOf(state.startId);
    if (index >= 0) start = index;
  }
  return clampStart(start, ids.length, size);
}

/** The indices [from, to) of the items to render. */
export function windowRange(start: number, total: number, size: number): { from: number; to: number } {
  const from = clampStart(start, total, size);
  return { from, to: Math.min(total, from + size) };
}

export interface SlideInput {
  /** The resolved start (resolveStart) of the window on screen. */
  start: number;
  /** Items loaded so far. */
  total: number;
  /** Whether the server has more pages. */
  hasMore: boolean;
  /** Which way the user scrolled, from the last scroll position. */
  direction: 'up' | 'down';
  metrics: ScrollMetrics;
}

export interface SlideResult {
  /** The new start; it may lie beyond `total` while the next page loads (it then clamps). */
  start: number;
  /** Whether to fetch the next page to fill the window at `start`. */
  fetchMore: boolean;
}

/**
 * What a scroll does to the window: scrolling down within `threshold` of the bottom moves it down
 * by `step` (asking for the next page when the items loaded don't reach that far); scrolling up
 * within `threshold` of the top moves it up by `step`. Anything else leaves it where it is.
 */
export function slide(input: SlideInput, options: WindowOptions): SlideResult {
  const { start, total, hasMore, direction, metrics } = input;
  const { size, step, threshold } = options;
  if (direction === 'down' && isNearBottom(metrics, threshold)) {
    const wanted = start + step;
    if (wanted + size <= total) return { start: wanted, fetchMore: false };
    if (hasMore) return { start: wanted, fetchMore: true };
    return { start: clampStart(wanted, total, size), fetchMore: false };
  }
  if (direction === 'up' && isNearTop(metrics, threshold) && start > 0) {
    return { start: Math.max(0, start - step), fetchMore: false };
  }
  return { start, fetchMore: false };
}

/**
 * How far to scroll so the content on screen stays put after the window moved: the offset change of
 * the first item rendered both before and after (the height removed above it, or added).
 */
export function scrollCorrection(
  before: ReadonlyMap<string, number>,
  after: ReadonlyMap<string, number>,
  afterOrder: readonly string[],
): number {
  for (const id of afterOrder) {
    const old = before.get(id);
    const now = after.get(id);
    if (old !== undefined && now !== undefined) return now - old;
  }
  return 0;
}
