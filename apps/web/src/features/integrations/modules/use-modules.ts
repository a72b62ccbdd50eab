import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { ModuleRegistry } from './registry';
import type { Installation, ModuleRoute } from './types';

/** The console's module registry (app/router.tsx puts it in the router's context). */
export function useModuleRegistry(): ModuleRegistry {
  const registry = useRouter().options.context.modules;
  if (!registry) throw new Error('useModuleRegistry() needs the console router (app/router.tsx).');
  return registry;
}

/**
 * Whether the active project's modules are in (false while the platform and the project load, and
 * during a switch). Outside the console router (a test's bare router) there are no modules: true.
 */
export function useModulesReady(): boolean {
  const registry = useRouter().options.context.modules as ModuleRegistry | undefined;
  const subscribe = registry ? registry.subscribe : noSubscription;
  return useSyncExternalStore(subscribe, () => registry?.ready ?? true);
}

/** The installed modules' records. */
export function useInstalledModules(): Installation[] {
  const registry = useModuleRegistry();
  return useSyncExternalStore(registry.subscribe, registry.installed);
}

/**
 * The installed modules' routes (their pages), following installs and uninstalls. Outside the
 * console router (a test's bare router) there are no modules: none.
 */
export function useModuleRoutes(): readonly ModuleRoute[] {
  const registry = useRouter().options.context.modules as ModuleRegistry | undefined;
  const subscribe = registry ? registry.subscribe : noSubscription;
  return useSyncExternalStore(subscribe, () => registry?.routes() ?? NO_ROUTES);
}

const NO_ROUTES: readonly ModuleRoute[] = [];
const noSubscription = () => () => {};
