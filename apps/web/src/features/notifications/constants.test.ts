import { describe, expect, it } from 'vitest';
import {
  BELL_SHAKE_MS,
  PAGE_SIZE,
  POLL_HIDDEN_MS,
  POLL_VISIBLE_MS,
  POPOVER_MAX_HEIGHT,
  POPOVER_WIDTH_PX,
  SCROLL_TRIGGER_PX,
  SEEN_DELAY_MS,
  WINDOW_STEP,
} from './constants';

// Each line quotes SPEC.md section 9 (and section 4 for the window's step).
describe('notification constants (SPEC.md section 9)', () => {
  it.each([
    ['Notification poll 10 s visible', POLL_VISIBLE_MS, 10_000],
    ['… 5 min hidden', POLL_HIDDEN_MS, 300_000],
    ['Bell shake 12 s', BELL_SHAKE_MS, 12_000],
    ['Seen-mark delay 300 ms', SEEN_DELAY_MS, 300],
    ['Notification page 20', PAGE_SIZE, 20],
    ['scroll trigger 100 px', SCROLL_TRIGGER_PX, 100],
    ['slide a window by half a page (section 4)', WINDOW_STEP, 10],
    ['notification popover width 420px', POPOVER_WIDTH_PX, 420],
  ])('%s', (_spec, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('notification popover … max height 80vh', () => {
    expect(POPOVER_MAX_HEIGHT).toBe('80vh');
  });
});
