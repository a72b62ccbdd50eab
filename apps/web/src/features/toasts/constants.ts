/**
 * Toast constants (SPEC.md section 9, "Notification queues" in section 4).
 * Every number the toast system uses lives here; constants.test.ts pins them to the spec.
 */

/** How long a nudge stays when queued through the store and no timeout is given. */
export const NUDGE_TIMEOUT_DEFAULT_MS = 2500;
/** The nudge component's own default timeout when it is rendered directly without one. */
export const NUDGE_COMPONENT_TIMEOUT_MS = 1000;
/** A finished nudge is removed about this long after its timeout ends (the exit transition). */
export const NUDGE_REMOVAL_DELAY_MS = 150;

/** A shove swiped sideways further than this (px) is removed. */
export const SWIPE_REMOVE_THRESHOLD_PX = 200;
/** A shove's opacity never falls below this while it is swiped. */
export const SWIPE_MIN_OPACITY = 0.3;
/** Mostly vertical movement beyond this (px) cancels the swipe so the page can scroll. */
export const SWIPE_VERTICAL_CANCEL_PX = 10;
/** A shove released short of the threshold springs back over this many seconds. */
export const SWIPE_SPRING_BACK_S = 0.3;

/** The announcement bar shows this many items at a time. */
export const ANNOUNCEMENT_VISIBLE_ITEMS = 1;
/** The announcement bar's height (px). */
export const ANNOUNCEMENT_HEIGHT_PX = 40;

/** The notification layer toasts sit on: the `z-notification` utility (--z-index-notification in styles/index.css). */
export const NOTIFICATION_Z_INDEX = 151;
