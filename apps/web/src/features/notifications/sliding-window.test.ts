import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, SCROLL_TRIGGER_PX, WINDOW_STEP } from './constants';
import {
  clampStart,
  isNearBottom,
  isNearTop,
  resolveStart,
  scrollCorrection,
  slide,
  windowRange,
  type ScrollMetrics,
} from './sliding-window';

const options = { size: PAGE_SIZE, step: WINDOW_STEP, threshold: SCROLL_TRIGGER_PX };
const ids = (n: number, from = 0) => Array.from({ length: n }, (_, i) => `n${from + i}`);

/** A container 500px high over 20 items of 70px (1400px): at the top, in the middle, at the bottom. */
const top: ScrollMetrics = { scrollTop: 0, scrollHeight: 1400, clientHeight: 500 };
const middle: ScrollMetrics = { scrollTop: 450, scrollHeight: 1400, clientHeight: 500 };
const bottom: ScrollMetrics = { scrollTop: 850, scrollHeight: 1400, clientHeight: 500 };

describe('edges', () => {
  it('is near the top within 100px of it, and near the bottom within 100px of that', () => {
    expect(isNearTop({ ...middle, scrollTop: 100 }, 100)).toBe(true);
    expect(isNearTop({ ...middle, scrollTop: 101 }, 100)).toBe(false);
    expect(isNearBottom({ ...middle, scrollTop: 800 }, 100)).toBe(true);
    expect(isNearBottom({ ...middle, scrollTop: 799 }, 100)).toBe(false);
  });
});

describe('range', () => {
  it('renders a full window whenever there are enough items, never before the first', () => {
    expect(clampStart(35, 40, 20)).toBe(20);
    expect(clampStart(-5, 40, 20)).toBe(0);
    expect(clampStart(10, 12, 20)).toBe(0);
    expect(windowRange(10, 40, 20)).toEqual({ from: 10, to: 30 });
    expect(windowRange(0, 7, 20)).toEqual({ from: 0, to: 7 });
    expect(windowRange(30, 40, 20)).toEqual({ from: 20, to: 40 });
  });
});

describe('slide', () => {
  it('moves down by half a page near the bottom when the items reach', () => {
    expect(slide({ start: 0, total: 40, hasMore: true, direction: 'down', metrics: bottom }, options)).toEqual({
      start: 10,
      fetchMore: false,
    });
  });

  it('asks for the next page when the items loaded do not reach, keeping where it wants to be', () => {
    expect(slide({ start: 0, total: 20, hasMore: true, direction: 'down', metrics: bottom }, options)).toEqual({
      start: 10,
      fetchMore: true,
    });
    expect(slide({ start: 20, total: 40, hasMore: true, direction: 'down', metrics: bottom }, options)).toEqual({
      start: 30,
      fetchMore: true,
    });
  });

  it('stops at the last item when the server has no more', () => {
    expect(slide({ start: 20, total: 35, hasMore: false, direction: 'down', metrics: bottom }, options)).toEqual({
      start: 15,
      fetchMore: false,
    });
    expect(slide({ start: 0, total: 12, hasMore: false, direction: 'down', metrics: bottom }, options)).toEqual({
      start: 0,
      fetchMore: false,
    });
  });

  it('moves up by half a page near the top, never before the first item', () => {
    expect(slide({ start: 30, total: 60, hasMore: true, direction: 'up', metrics: top }, options)).toEqual({
      start: 20,
      fetchMore: false,
    });
    expect(slide({ start: 4, total: 60, hasMore: true, direction: 'up', metrics: top }, options)).toEqual({
      start: 0,
      fetchMore: false,
    });
    expect(slide({ start: 0, total: 60, hasMore: true, direction: 'up', metrics: top }, options).start).toBe(0);
  });

  it('stays put away from the edges, and near an edge when scrolling away from it', () => {
    for (const direction of ['up', 'down'] as const) {
      expect(slide({ start: 10, total: 60, hasMore: true, direction, metrics: middle }, options)).toEqual({
        start: 10,
        fetchMore: false,
      });
    }
    expect(slide({ start: 10, total: 60, hasMore: true, direction: 'up', metrics: bottom }, options).start).toBe(10);
    expect(slide({ start: 10, total: 60, hasMore: true, direction: 'down', metrics: top }, options).start).toBe(10);
  });

  it('walks through 10 000 items page by page with at most a window rendered', () => {
    let start = 0;
    let total = PAGE_SIZE;
    let fetches = 0;
    while (true) {
      const next = slide({ start, total, hasMore: total < 10_000, direction: 'down', metrics: bottom }, options);
      if (next.fetchMore) {
        fetches += 1;
        total += PAGE_SIZE;
      }
      if (next.start === start && !next.fetchMore) break;
      start = clampStart(next.start, total, PAGE_SIZE);
      const { from, to } = windowRange(start, total, PAGE_SIZE);
      expect(to - from).toBe(PAGE_SIZE);
    }
    expect(start).toBe(10_000 - PAGE_SIZE);
    expect(fetches).toBe(10_000 / PAGE_SIZE - 1);
  });
});

describe('resolveStart', () => {
  it('follows its first item when new ones arrive above it', () => {
    const before = ids(40);
    const after = [...ids(3, 100), ...before];
    expect(resolveStart(after, { start: 10, startId: 'n10' }, 20)).toBe(13);
  });

  it('stays at the top so the newest show', () => {
    expect(resolveStart([...ids(3, 100), ...ids(40)], { start: 0, startId: 'n0' }, 20)).toBe(0);
  });

  it('falls back on its index (clamped) when its item is gone or not loaded yet', () => {
    expect(resolveStart(ids(40), { start: 10, startId: 'deleted' }, 20)).toBe(10);
    expect(resolveStart(ids(20), { start: 10 }, 20)).toBe(0);
    expect(resolveStart(ids(40), { start: 30 }, 20)).toBe(20);
  });
});

describe('scrollCorrection', () => {
  it('is the offset change of the first item rendered before and after', () => {
    // Slid down by two items of 70px: n2 was at 140 and is now at 0, so scroll back up by 140.
    const before = new Map([
      ['n0', 0],
      ['n1', 70],
      ['n2', 140],
    ]);
    const after = new Map([
      ['n2', 0],
      ['n3', 70],
    ]);
    expect(scrollCorrection(before, after, ['n2', 'n3'])).toBe(-140);
    // Slid up: n2 moves from 0 to 140.
    expect(scrollCorrection(after, before, ['n0', 'n1', 'n2'])).toBe(140);
    expect(scrollCorrection(new Map(), after, ['n2'])).toBe(0);
  });
});
