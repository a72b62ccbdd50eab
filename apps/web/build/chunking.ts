import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { BOOT_GROUP, BOOT_MODULE } from './deferred-boot.ts';
import { FRAME_GROUP, layoutFile, routeSources } from './route-preloads.ts';

/**
 * A module of the console's own source that this many pages (of the route table's 40-odd) import
 * goes into the `kit` chunk: the small building blocks nearly every page needs (fields, alerts, the
 * auth card, the project page frame…), each well under 1 KB gzipped.
 */
export const KIT_MIN_PAGES = 6;

/** The `react` chunk: React, React DOM and its scheduler. */
export const REACT_GROUP = 'react';
const REACT_PACKAGES = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;

/**
 * How the console's code is cut into files (docs/decisions/018-console-chunks.md). Left to itself
 * the bundler makes a chunk of every set of modules shared by a different set of pages: 160 files,
 * most near 1 KB, 70 of them for the dashboard. Each costs a request, and over HTTP/1.1 a browser
 * opens six at a time, so on a slow connection a page waits on round trips rather than bytes.
 *
 * Groups, decided from the static import graph once the build has parsed every module (before any
 * chunk is made):
 * - `boot`: every module the boot module (src/main.tsx, which the entry src/loader.ts imports after
 *   the first paint) imports statically. They load on every page anyway, so one file instead of
 *   twenty costs no byte more.
 * - `frame`: the signed-in frame (the standard layout: header, menus, bell…) less what the entry or
 *   any blank-layout page (login, register…) uses, so those pages never load it. Every page in the
 *   frame needs all of it.
 * - `kit`: our own modules (the console's and the workspace packages', never an npm package's)
 *   that KIT_MIN_PAGES or more pages import, less the two groups above. Cut by the set of pages using each, they made twenty
 *   files under 1 KB for the dashboard alone, a round trip each; together they are about 11 KB.
 * - the rest stays as the bundler cuts it (by the set of pages using each module): merging those
 *   sets by size was tried and made small pages load others' code (decision 018).
 */
export function consoleChunking() {
  const entryGraph = new Set<string>();
  const bootGraph = new Set<string>();
  const frame = new Set<string>();
  const kit = new Set<string>();
  let root = '';

  const plugin: Plugin = {
    name: 'wharf-console-chunking',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      const closure = (starts: string[], into = new Set<string>()) => {
        const pending = [...starts];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (into.has(id) || !this.getModuleInfo(id)) continue;
          into.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return into;
      };
      const source = (file: string) => path.join(root, file);
      // What every page loads: the loader (the HTML's entry) and the boot module it imports once
      // the loading screen is painted. The boot group is the latter's graph less the loader's own
      // imports (the preload helper): a boot chunk the loader imported statically would be evaluated
      // before the loader, before the first paint.
      const loaderGraph = closure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      entryGraph.clear();
      bootGraph.clear();
      closure([source(BOOT_MODULE)], bootGraph);
      for (const id of loaderGraph) bootGraph.delete(id);
      for (const id of [...loaderGraph, ...bootGraph]) entryGraph.add(id);
      if (bootGraph.size === 0) this.warn(`console chunking: ${BOOT_MODULE} was not found; no boot chunk`);
      const routes = routeSources(readFileSync(source('src/app/routes.tsx'), 'utf8'));
      const pageFile = (page: string) => path.join(root, 'src/app', `${page}.tsx`);
      const blankPages = closure(routes.filter((r) => r.layout === 'blank').map((r) => pageFile(r.page)));
      frame.clear();
      for (const id of closure([source('src/app/layouts/StandardLayout.tsx')])) {
        if (!entryGraph.has(id) && !blankPages.has(id)) frame.add(id);
      }
      if (frame.size === 0) this.warn('console chunking: the standard layout was not found; no frame chunk');

      // Each route's page with its layout: what a visit to it loads.
      const pagesUsing = new Map<string, number>();
      for (const route of routes) {
        for (const id of closure([pageFile(route.page), source(layoutFile(route.layout))]))
          pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
      }
      // Our own code only (the console's and the workspace packages'), and nothing that needs the
      // frame (the sign-in pages load the kit and must not load that) or a package beyond the entry's
      // (zod: the contract's schemas load with a form's first keystroke, not with the kit).
      const isPackage = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
      const fitsKit = (id: string) =>
        [...closure([id])].every(
          (dependency) => !frame.has(dependency) && (entryGraph.has(dependency) || !isPackage(dependency)),
        );
      kit.clear();
      for (const [id, pages] of pagesUsing) {
        if (pages < KIT_MIN_PAGES || isPackage(id) || entryGraph.has(id) || frame.has(id)) continue;
        if (fitsKit(id)) kit.add(id);
      }
    },
  };

  const groups = [
    // React's own packages, out of the boot graph: the loader evaluates them in a task of their own
    // before the rest (src/loader.ts), so neither evaluation is one long task.
    {
      name: REACT_GROUP,
      test: (id: string) => bootGraph.has(id) && REACT_PACKAGES.test(id),
      priority: 3,
      includeDependenciesRecursively: false,
    },
    // Not its dependencies beyond the graph: the preload helper stays with the loader.
    { name: BOOT_GROUP, test: (id: string) => bootGraph.has(id), priority: 2, includeDependenciesRecursively: false },
    // Only the modules chosen: their other imports stay where the entry or the blank pages have them.
    { name: FRAME_GROUP, test: (id: string) => frame.has(id), priority: 1, includeDependenciesRecursively: false },
    { name: 'kit', test: (id: string) => kit.has(id), priority: 0, includeDependenciesRecursively: false },
  ];

  return { plugin, groups };
}
