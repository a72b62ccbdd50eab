import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The console itself: its evaluation is what the loader holds back until the first paint.
const evaluated = vi.fn();

type PaintCallback = (list: { getEntriesByName: (name: string) => unknown[] }) => void;

describe('the loader (src/loader.ts)', () => {
  let reportPaint: PaintCallback | undefined;

  beforeEach(() => {
    vi.resetModules();
    evaluated.mockClear();
    vi.doMock('./main', () => {
      evaluated('console');
      return {};
    });
    vi.doMock('react-dom/client', () => {
      evaluated('react');
      return {};
    });
    reportPaint = undefined;
    vi.useFakeTimers();
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        class {
          constructor(callback: PaintCallback) {
            reportPaint = callback;
          }
          observe() {}
          disconnect() {}
        },
        { supportedEntryTypes: ['paint', 'largest-contentful-paint'] },
      ),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const paint = (name: string) => reportPaint!({ getEntriesByName: (asked) => (asked === name ? [{}] : []) });

  it('evaluates the console once the first contentful paint is reported', async () => {
    await import('./loader');
    await vi.advanceTimersByTimeAsync(50);
    paint('first-paint');
    await vi.advanceTimersByTimeAsync(0);
    expect(evaluated).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    // React first, in a task of its own, then the console.
    await vi.waitFor(() => expect(evaluated.mock.calls).toEqual([['react'], ['console']]));
  });

  it('waits no longer than 200 ms for that report', async () => {
    await import('./loader');
    await vi.advanceTimersByTimeAsync(199);
    expect(evaluated).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(evaluated).toHaveBeenCalledTimes(2));
  });

  it('does not wait at all on a hidden page', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await import('./loader');
    await vi.waitFor(() => expect(evaluated).toHaveBeenCalledTimes(2));
    expect(reportPaint).toBeUndefined();
  });
});
