import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as constants from './constants';

// Each number as SPEC.md section 9 words it; a change here is a change to the spec.
describe('toast constants (SPEC.md section 9)', () => {
  it('nudges: 2500 ms default, 1000 ms in the component, plus 150 ms removal', () => {
    expect(constants.NUDGE_TIMEOUT_DEFAULT_MS).toBe(2500);
    expect(constants.NUDGE_COMPONENT_TIMEOUT_MS).toBe(1000);
    expect(constants.NUDGE_REMOVAL_DELAY_MS).toBe(150);
  });

  it('swipe: threshold 200 px, min opacity 0.3, vertical cancel 10 px, spring-back 0.3 s', () => {
    expect(constants.SWIPE_REMOVE_THRESHOLD_PX).toBe(200);
    expect(constants.SWIPE_MIN_OPACITY).toBe(0.3);
    expect(constants.SWIPE_VERTICAL_CANCEL_PX).toBe(10);
    expect(constants.SWIPE_SPRING_BACK_S).toBe(0.3);
  });

  it('announcement: shows 1 item, 40 px', () => {
    expect(constants.ANNOUNCEMENT_VISIBLE_ITEMS).toBe(1);
    expect(constants.ANNOUNCEMENT_HEIGHT_PX).toBe(40);
  });

  it('sits on the notification layer, 151, the same as the theme token', () => {
    expect(constants.NOTIFICATION_Z_INDEX).toBe(151);
    // Read from disk: Vitest empties CSS imports.
    const css = readFileSync(join(import.meta.dirname, '../../styles/index.css'), 'utf8');
    expect(css).toMatch(new RegExp(`--z-index-notification:\\s*${constants.NOTIFICATION_Z_INDEX};`));
  });

  it('has no number the tests above leave unpinned', () => {
    expect(Object.keys(constants).sort()).toEqual([
      'ANNOUNCEMENT_HEIGHT_PX',
      'ANNOUNCEMENT_VISIBLE_ITEMS',
      'NOTIFICATION_Z_INDEX',
      'NUDGE_COMPONENT_TIMEOUT_MS',
      'NUDGE_REMOVAL_DELAY_MS',
      'NUDGE_TIMEOUT_DEFAULT_MS',
      'SWIPE_MIN_OPACITY',
      'SWIPE_REMOVE_THRESHOLD_PX',
      'SWIPE_SPRING_BACK_S',
      'SWIPE_VERTICAL_CANCEL_PX',
    ]);
  });
});
