import { MODULE_CODES } from '@wharf/contract';
import { setRuntimeRoutes } from '../../app/navigation';
import type { AppRouter } from '../../app/router';
import { renderApp } from '../../test/render-app';
import { menuStore } from '../menu/menu-store';
import { moduleMenuSource } from './modules/registry';

const routers: AppRouter[] = [];

/** The whole console at `path` with the real module registry (definitions.ts); see `forgetModules`. */
export function renderWithModules(path: string, fetch: typeof globalThis.fetch) {
  const view = renderApp(path, fetch);
  routers.push(view.router);
  return { ...view, modules: view.router.options.context.modules };
}

/**
 * For afterEach: the registry puts modules' menu entries in the console's one menu and their route
 * names in the console-wide resolver; a finished test's modules must not linger in the next test.
 */
export function forgetModules(): void {
  for (const router of routers.splice(0)) setRuntimeRoutes(router.options.context.modules, []);
  for (const code of MODULE_CODES) menuStore.remove(moduleMenuSource(code));
}
