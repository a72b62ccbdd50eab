import type { ModuleDefinition } from './types';

/**
 * `core`: the console itself (dashboard, users, billing, support…). Its pages are the route table's
 * and its menu is the shell's, so installing it adds nothing; it is listed so that a project
 * naming it is not an unknown code.
 */
export const coreModule: ModuleDefinition = { code: 'core', name: 'Core', routes: [], menu: [] };

/** Every module the console knows, by code. The Modules issue adds the others of SPEC.md section 1. */
export const moduleDefinitions: readonly ModuleDefinition[] = [coreModule];
