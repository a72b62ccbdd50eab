import { deferredModule } from '../ui/deferred-module';
import * as primitives from '../ui/overlay-primitives';

/** How a test holds back Radix: how often it was asked for, and the call that lets it come. */
export interface OverlayGate {
  asked: number;
  release: () => void;
}

/**
 * ui/overlays.ts as it behaves in the browser before anyone reaches for a popup, except that the
 * import waits for the test's `gate.release()`. For `vi.mock('./overlays', …)`: the test setup's own
 * copy is already loaded.
 */
export function gatedOverlays(gate: OverlayGate) {
  return {
    overlays: deferredModule(
      () =>
        new Promise<typeof primitives>((resolve) => {
          gate.asked += 1;
          gate.release = () => resolve(primitives);
        }),
    ),
  };
}
