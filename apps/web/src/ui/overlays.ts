/**
 * The Radix primitives behind popups, dropdowns and the menu drawer, as one chunk loaded after the
 * first paint (ui/deferred-module.ts): half of the signed-in frame's code, which no page needs
 * before someone opens something (docs/decisions/019-overlays-after-first-paint.md).
 */
import { deferredModule } from './deferred-module';
// A type only: erased from the build, so the primitives still load lazily.
import type * as Primitives from './overlay-primitives';

export const overlays = deferredModule(() => import('./overlay-primitives'));

export type OverlayPrimitives = typeof Primitives;
