import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BELL_SHAKE_MS } from './constants';
import { unreadRose, useBellShake } from './use-bell-shake';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('unreadRose', () => {
  it('is a rise from a known count only', () => {
    expect(unreadRose(undefined, 4)).toBe(false);
    expect(unreadRose(2, 4)).toBe(true);
    expect(unreadRose(4, 4)).toBe(false);
    expect(unreadRose(4, 1)).toBe(false);
  });
});

describe('the bell shake (SPEC.md section 4)', () => {
  it('does not shake on the first load', () => {
    const { result, rerender } = renderHook(({ total }) => useBellShake(total), {
      initialProps: { total: undefined as number | undefined },
    });
    rerender({ total: 5 });
    expect(result.current).toEqual({ shaking: false, announcement: '' });
  });

  it('shakes for 12 s when the count rises, and announces it', () => {
    const { result, rerender } = renderHook(({ total }) => useBellShake(total), { initialProps: { total: 2 } });
    expect(result.current.shaking).toBe(false);
    rerender({ total: 3 });
    expect(result.current.shaking).toBe(true);
    expect(result.current.announcement).toBe('New notifications: 3 unread.');
    act(() => vi.advanceTimersByTime(BELL_SHAKE_MS - 1));
    expect(result.current.shaking).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.shaking).toBe(false);
  });

  it('starts the 12 s again on a further rise, and stays still when the count falls', () => {
    const { result, rerender } = renderHook(({ total }) => useBellShake(total), { initialProps: { total: 2 } });
    rerender({ total: 3 });
    act(() => vi.advanceTimersByTime(BELL_SHAKE_MS - 1000));
    rerender({ total: 4 });
    act(() => vi.advanceTimersByTime(2000));
    expect(result.current.shaking).toBe(true);
    act(() => vi.advanceTimersByTime(BELL_SHAKE_MS));
    expect(result.current.shaking).toBe(false);
    rerender({ total: 1 });
    expect(result.current.shaking).toBe(false);
  });
});
