import { useRouter } from '@tanstack/react-router';
import { useSyncExternalStore } from 'react';
import type { ModuleRegistry } from './registry';
import type { Installation } from './types';

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

const noSubscription = () => () => {};
