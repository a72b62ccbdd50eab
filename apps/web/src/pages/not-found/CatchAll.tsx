import { useRouterState } from '@tanstack/react-router';
import { isBlockedPath, loadingPage, notFoundPage } from '../../app/routes';
import { useModulesReady } from '../../features/integrations/modules/use-modules';

/**
 * The root's not-found component (SPEC.md section 2): while the project's modules load, a path no
 * route matches may yet be a module's, so the loading catch-all shows; once they are in, the final
 * Not Found. A blocked path (install-module) is Not Found at once.
 */
export function CatchAll() {
  const ready = useModulesReady();
  const blocked = useRouterState({ select: (state) => isBlockedPath(state.location.pathname) });
  const Page = ready || blocked ? notFoundPage.component : loadingPage.component;
  return <Page />;
}

// The router loads a not-found component's chunk before showing it: here, both pages'.
CatchAll.preload = () =>
  Promise.all([loadingPage.component.preload?.(), notFoundPage.component.preload?.()]).then(() => undefined);
