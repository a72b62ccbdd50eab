import type { PageEntry, RouteStaticData } from '../../../app/routes';
import type { MenuEntry } from '../../menu/menu-store';

/** A module's route: a page entry like the route table's, marked as the module's (always needs a project). */
export interface ModuleRoute extends PageEntry {
  staticData: RouteStaticData & { integration: true };
}

/** What the registry keeps of one installed module (SPEC.md section 4 "Integration lifecycle"). */
export interface Installation {
  code: string;
  /** When the module was set up; null until then. */
  setupAt: string | null;
  /** The module's own settings, patched as the user changes them. */
  config: Record<string, unknown>;
}

/** What an install or uninstall hook is told. */
export interface ModuleHookContext {
  /** The project the module is installed in, when the registry knows it. */
  projectId: string | undefined;
  installation: Installation;
}

/**
 * A module of the console (an integration): what it adds while installed — its pages and menu
 * entries — and hooks for anything else it sets up or tears down.
 */
export interface ModuleDefinition {
  /** The registered code (SPEC.md section 1), as GET /v1/projects lists it in `integrations`. */
  code: string;
  name: string;
  routes: readonly ModuleRoute[];
  menu: readonly MenuEntry[];
  /** Runs once its routes and menu entries are in; a failure undoes the installation. */
  install?: (context: ModuleHookContext) => void | Promise<void>;
  /** Runs before its routes and menu entries go. */
  uninstall?: (context: ModuleHookContext) => void | Promise<void>;
}
