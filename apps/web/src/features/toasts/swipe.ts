/**
 * The maths of swiping a shove away (SPEC.md sections 4 and 9), kept pure so it is tested alone.
 */
import { SWIPE_MIN_OPACITY, SWIPE_REMOVE_THRESHOLD_PX, SWIPE_VERTICAL_CANCEL_PX } from './constants';

export type SwipeOutcome = 'remove' | 'spring-back' | 'cancel' | 'tracking';

/**
 * A shove's opacity at a sideways distance (either direction): fully opaque at rest, falling
 * linearly to the minimum at the removal threshold, and never below it.
 */
export function opacityFor(distance: number): number {
  const travelled = Math.min(Math.abs(distance) / SWIPE_REMOVE_THRESHOLD_PX, 1);
  return SWIPE_MIN_OPACITY + (1 - travelled) * (1 - SWIPE_MIN_OPACITY);
}

/**
 * What a pointer that has moved (dx, dy) from where it went down means.
 * Mostly vertical movement over the cancel distance is a scroll, not a swipe: `cancel`, at any time.
 * While the pointer is still down (`released` false) anything else is `tracking`; once released,
 * further than the threshold sideways is `remove`, and anything shorter is `spring-back`.
 */
export function outcome(dx: number, dy: number, released = true): SwipeOutcome {
  const across = Math.abs(dx);
  const down = Math.abs(dy);
  if (down > SWIPE_VERTICAL_CANCEL_PX && down > across) return 'cancel';
  if (!released) return 'tracking';
  return across > SWIPE_REMOVE_THRESHOLD_PX ? 'remove' : 'spring-back';
}
