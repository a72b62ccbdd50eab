import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePainted } from './painted';

describe('usePainted', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is false until a frame has been painted, then true', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const { result } = renderHook(() => usePainted());
    expect(result.current).toBe(false);
    // The frame's callback runs before its paint: still false until the task after it.
    act(() => frames.shift()!(performance.now()));
    expect(result.current).toBe(false);
    act(() => vi.runAllTimers());
    expect(result.current).toBe(true);
  });

  it('is true at once on a hidden page, which paints nothing until shown', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    const { result } = renderHook(() => usePainted());
    expect(result.current).toBe(true);
    expect(frame).not.toHaveBeenCalled();
  });
});
