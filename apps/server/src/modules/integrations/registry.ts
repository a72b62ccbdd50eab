import { MODULE_CODES, type IntegrationCategory, type ModuleCode } from '@wharf/contract';
import { AppError } from '../../core/errors.js';
import { moduleCategories } from './categories.js';
import type { ModuleManifest } from './manifest.js';
import { allManifests } from './manifests/index.js';

const codeOrder = new Map<string, number>(MODULE_CODES.map((code, index) => [code, index]));

function buildRegistry(manifests: readonly ModuleManifest[]): ReadonlyMap<ModuleCode, ModuleManifest> {
  const byCode = new Map<ModuleCode, ModuleManifest>();
  for (const manifest of manifests) {
    // A second manifest for a code would silently replace the first; that is a bug, so fail loudly at start.
    if (byCode.has(manifest.code)) throw new Error(`Module ${manifest.code} has two manifests.`);
    byCode.set(manifest.code, manifest);
  }
  // SPEC.md's order, so the catalogue lists modules the same way every time.
  const ordered = [...byCode.values()].sort((a, b) => (codeOrder.get(a.code) ?? 0) - (codeOrder.get(b.code) ?? 0));
  return new Map(ordered.map((m) => [m.code, m]));
}

/** Every registered module by code, in SPEC.md section 1's order. */
export const moduleRegistry: ReadonlyMap<ModuleCode, ModuleManifest> = buildRegistry(allManifests);

/** The store's categories, in display order. */
export const categories: readonly IntegrationCategory[] = moduleCategories;

export function isModuleCode(code: string): code is ModuleCode {
  return moduleRegistry.has(code as ModuleCode);
}

export function findManifest(code: string): ModuleManifest | undefined {
  return moduleRegistry.get(code as ModuleCode);
}

/** A set of manifests by code: the registered one, or a test's small fakes. */
export type ModuleRegistry = ReadonlyMap<string, ModuleManifest>;

/** The manifest of `code` in `registry`, or SPEC.md section 8's 404 for an unknown one. */
export function manifestIn(registry: ModuleRegistry, code: string): ModuleManifest {
  const manifest = registry.get(code);
  if (!manifest) throw new AppError(404, 'INTEGRATION_NOT_FOUND', `Integration ${code} not found`);
  return manifest;
}

/** The registered manifest of `code`, or SPEC.md section 8's 404. */
export function requireManifest(code: string): ModuleManifest {
  return manifestIn(moduleRegistry, code);
}

export function findCategory(code: string): IntegrationCategory | undefined {
  return categories.find((c) => c.code === code);
}

/**
 * `codes` and every module they need, transitively, each after all of its dependencies: the order to
 * install in. Deterministic (inputs in the order given, dependencies in manifest order). An unknown
 * code is the 404 of `requireManifest`. To order only a given set (e.g. to uninstall several in
 * reverse), filter the result to that set: a subsequence of this order still has dependencies first.
 */
export function dependencyOrder(codes: Iterable<string>): ModuleCode[] {
  return dependencyOrderIn(moduleRegistry, codes).map((manifest) => manifest.code);
}

/** `dependencyOrder` over any registry (the lifecycle's, which tests fill with fakes), as manifests. */
export function dependencyOrderIn(registry: ModuleRegistry, codes: Iterable<string>): ModuleManifest[] {
  const order: ModuleManifest[] = [];
  const done = new Set<ModuleCode>();
  const visiting: ModuleCode[] = [];
  const visit = (code: string) => {
    const manifest = manifestIn(registry, code);
    if (done.has(manifest.code)) return;
    if (visiting.includes(manifest.code)) {
      // The registry test proves there is none; this guards a future manifest against an endless loop.
      throw new Error(`Modules depend on each other in a cycle: ${[...visiting, manifest.code].join(' → ')}.`);
    }
    visiting.push(manifest.code);
    for (const dependency of manifest.dependsOn) visit(dependency);
    visiting.pop();
    done.add(manifest.code);
    order.push(manifest);
  };
  for (const code of codes) visit(code);
  return order;
}

/** Every module `code` needs, directly or through others (not `code` itself), dependencies first. */
export function dependenciesOf(code: string): ModuleCode[] {
  return dependencyOrder([code]).slice(0, -1);
}

/**
 * The installed modules that need `code`, directly or transitively, in SPEC.md's order: while there is
 * any, `code` cannot be uninstalled. Unknown installed codes (a module since retired) are ignored.
 */
export function dependentsOf(code: string, installed: Iterable<string>): ModuleCode[] {
  const installedCodes = new Set(installed);
  return [...moduleRegistry.keys()].filter(
    (candidate) =>
      candidate !== code && installedCodes.has(candidate) && dependenciesOf(candidate).includes(code as ModuleCode),
  );
}
