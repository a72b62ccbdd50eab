import { menuStore as defaultMenuStore, type MenuStore } from '../../menu/menu-store';
import { moduleDefinitions } from './definitions';
import type { Installation, ModuleDefinition, ModuleHookContext, ModuleRoute } from './types';

export const PATCH_UNINSTALLED_MESSAGE = "Can't patch an integration that hasn't been installed";

/** SPEC.md section 8: an unknown module code is logged with these words. */
export function unknownModuleMessage(code: string): string {
  return `Integration ${code} not found`;
}

/** The menu source of a module's entries (features/menu/menu-store.ts). */
export function moduleMenuSource(code: string): string {
  return `module:${code}`;
}

export interface ModuleRegistryOptions {
  /** The modules the console knows; definitions.ts unless given (tests bring their own). */
  definitions?: readonly ModuleDefinition[];
  /** Where modules' menu entries go; the console's menu unless given. */
  menu?: MenuStore;
  log?: Pick<Console, 'warn' | 'error'>;
}

export type InstallationChanges = Partial<Omit<Installation, 'code'>>;

interface Installed {
  definition: ModuleDefinition;
  installation: Installation;
}

type Listener = () => void;

/**
 * The modules installed in the active project (SPEC.md section 4): each brings its routes and menu
 * entries while installed and takes them away when uninstalled. On a project switch every module
 * is uninstalled, then the new project's are installed; `ready` is false meanwhile, so a path no
 * route matches yet shows the loading catch-all rather than Not Found.
 *
 * The registry only keeps the state; the router listens to it and rebuilds its route tree
 * (app/router.tsx), the menu shows the entries it sets.
 */
export function createModuleRegistry(options: ModuleRegistryOptions = {}) {
  const definitions = new Map((options.definitions ?? moduleDefinitions).map((d) => [d.code, d]));
  const menu = options.menu ?? defaultMenuStore;
  const log = options.log ?? console;
  const installed = new Map<string, Installed>();
  const listeners = new Set<Listener>();
  let ready = false;
  let activeProject: string | undefined;
  let installations: Installation[] = [];
  let routes: ModuleRoute[] = [];
  // One switch at a time, in the order asked: a later project always wins.
  let switching: Promise<void> = Promise.resolve();

  const publish = () => {
    installations = [...installed.values()].map((i) => i.installation);
    routes = [...installed.values()].flatMap((i) => i.definition.routes);
    for (const listener of listeners) listener();
  };

  const context = (entry: Installed): ModuleHookContext => ({
    projectId: activeProject,
    installation: entry.installation,
  });

  const remove = (code: string) => {
    installed.delete(code);
    menu.remove(moduleMenuSource(code));
    publish();
  };

  const registry = {
    /**
     * Installs a module: its routes appear, then its menu entries, then its own hook runs. An
     * unknown code is logged and nothing happens (false); a failing hook undoes the installation
     * and rethrows.
     */
    async install(code: string, record: InstallationChanges = {}): Promise<boolean> {
      const definition = definitions.get(code);
      if (!definition) {
        log.warn(unknownModuleMessage(code));
        return false;
      }
      if (installed.has(code)) return true;
      const entry: Installed = {
        definition,
        installation: { code, setupAt: null, ...record, config: { ...record.config } },
      };
      installed.set(code, entry);
      publish();
      if (definition.menu.length > 0) menu.set(moduleMenuSource(code), [...definition.menu]);
      try {
        await definition.install?.(context(entry));
      } catch (error) {
        // SPEC.md section 4: a failed install removes its installation record.
        remove(code);
        throw error;
      }
      return true;
    },

    /** Uninstalls a module: its hook runs, then its routes and menu entries go. */
    async uninstall(code: string): Promise<void> {
      const entry = installed.get(code);
      if (!entry) return;
      try {
        await entry.definition.uninstall?.(context(entry));
      } catch (error) {
        // Its pages and entries go whatever the hook says: the module is no longer there.
        log.error(error);
      }
      remove(code);
    },

    /** Changes an installed module's record (set-up time, config); its config is merged. */
    patch(code: string, changes: InstallationChanges): Installation {
      const entry = installed.get(code);
      if (!entry) throw new Error(PATCH_UNINSTALLED_MESSAGE);
      entry.installation = {
        ...entry.installation,
        ...changes,
        code,
        config: { ...entry.installation.config, ...changes.config },
      };
      publish();
      return entry.installation;
    },

    /** The installed modules' records, in installation order. */
    installed(): Installation[] {
      return installations;
    },

    isInstalled(code: string): boolean {
      return installed.has(code);
    },

    /** Every installed module's routes. */
    routes(): ModuleRoute[] {
      return routes;
    },

    /** False until the first project's modules are in, and again during each switch. */
    get ready(): boolean {
      return ready;
    },

    /** The project whose modules are installed (undefined when none). */
    get activeProject(): string | undefined {
      return activeProject;
    },

    /**
     * SPEC.md section 4 "Project switch": every installed module is uninstalled, then `codes` (the
     * modules the server lists for the new project) are installed. Unknown codes are logged and
     * skipped; a module that fails to install is logged and left out.
     */
    switchProject(projectId: string | undefined, codes: readonly string[]): Promise<void> {
      const run = async () => {
        ready = false;
        publish();
        for (const code of [...installed.keys()].reverse()) await registry.uninstall(code);
        activeProject = projectId;
        for (const code of codes) {
          try {
            await registry.install(code);
          } catch (error) {
            log.error(error);
          }
        }
        ready = true;
        publish();
      };
      switching = switching.then(run, run);
      return switching;
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return registry;
}

export type ModuleRegistry = ReturnType<typeof createModuleRegistry>;
