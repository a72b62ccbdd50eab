/**
 * The Radix primitives behind popups, dropdowns and the menu drawer, as one chunk loaded on intent
 * or on the first opening (ui/deferred-module.ts, ui/StandInTrigger.tsx): two thirds of the signed-in
 * frame's code, which no page needs before someone opens something (docs/decisions/019-overlays-on-intent.md).
 */
import { deferredModule } from './deferred-module';
// A type only: erased from the build, so the primitives still load lazily.
import type * as Primitives from './overlay-primitives';

export const overlays = deferredModule(() => import('./overlay-primitives'));

export type OverlayPrimitives = typeof Primitives;
