import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { routeSources } from './route-preloads.ts';

/**
 * How the console's code is cut into files (docs/decisions/018-console-chunks.md). Left to itself
 * the bundler makes a chunk of every set of modules shared by a different set of pages: 160 files,
 * most near 1 KB, 70 of them for the dashboard. Each costs a request, and over HTTP/1.1 a browser
 * opens six at a time, so on a slow connection a page waits on round trips rather than bytes.
 *
 * Groups, decided from the static import graph once the build has parsed every module (before any
 * chunk is made):
 * - `boot`: every module the entry imports statically. They load on every page anyway, so one file
 *   instead of twenty costs no byte more.
 * - `frame`: the signed-in frame (the standard layout: header, menus, bell…) less what the entry or
 *   any blank-layout page (login, register…) uses, so those pages never load it. Every page in the
 *   frame needs all of it.
 * - the rest stays as the bundler cuts it (by the set of pages using each module): merging those
 *   sets by size was tried and made small pages load others' code (decision 018).
 */
export function consoleChunking() {
  const entryGraph = new Set<string>();
  const frame = new Set<string>();
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
      entryGraph.clear();
      closure(
        [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry),
        entryGraph,
      );
      const routes = routeSources(readFileSync(source('src/app/routes.tsx'), 'utf8'));
      const blankPages = closure(
        routes.filter((r) => r.layout === 'blank').map((r) => path.join(root, 'src/app', `${r.page}.tsx`)),
      );
      frame.clear();
      for (const id of closure([source('src/app/layouts/StandardLayout.tsx')])) {
        if (!entryGraph.has(id) && !blankPages.has(id)) frame.add(id);
      }
      if (frame.size === 0) this.warn('console chunking: the standard layout was not found; no frame chunk');
    },
  };

  const groups = [
    { name: 'boot', test: (id: string) => entryGraph.has(id), priority: 2 },
    // Only the modules chosen: their other imports stay where the entry or the blank pages have them.
    { name: 'frame', test: (id: string) => frame.has(id), priority: 1, includeDependenciesRecursively: false },
  ];

  return { plugin, groups };
}
