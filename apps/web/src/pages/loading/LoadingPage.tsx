import { LoadingScreen } from '../../shell/LoadingScreen';

/**
 * The loading catch-all (SPEC.md section 2): a path no route matches yet, while the platform and
 * the project's modules load; a module's route may still claim it. Looks like the boot screen.
 */
export function LoadingPage() {
  return <LoadingScreen />;
}
