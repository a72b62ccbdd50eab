/**
 * The notifications panel's numbers (SPEC.md sections 4 and 9). Every number the bell, the poll and
 * the list use lives here; constants.test.ts pins them to the spec.
 */

/** How often the unread counts and the open tab are fetched while the page is visible. */
export const POLL_VISIBLE_MS = 10_000;
/** How often they are fetched while the page is hidden (another tab, a minimised window). */
export const POLL_HIDDEN_MS = 300_000;
/** How long the bell shakes after the unread count rises. */
export const BELL_SHAKE_MS = 12_000;
/** How long after a tab opens its unread items stop being highlighted as new (locally). */
export const SEEN_DELAY_MS = 300;
/** Items in the list's window, and the page size asked of the server. */
export const PAGE_SIZE = 20;
/** The window slides when the scroll container is this close (px) to its top or bottom. */
export const SCROLL_TRIGGER_PX = 100;
/** The window slides by half a page. */
export const WINDOW_STEP = PAGE_SIZE / 2;

/** The popover's size on wide screens; on narrow ones it takes the full width. */
export const POPOVER_WIDTH_PX = 420;
export const POPOVER_MAX_HEIGHT = '80vh';
