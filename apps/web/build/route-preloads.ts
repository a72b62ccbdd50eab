import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { BOOT_GROUP } from './deferred-boot.ts';

/**
 * The chunks each page needs beyond the entry, written to `dist/route-preloads.json` at build time,
 * so the server can name them in the page it sends (`<link rel="modulepreload">`): the browser then
 * fetches the page's chunk and its layout's alongside the entry, rather than after the entry has
 * run and matched the route (docs/performance.md, issue 5).
 *
 * The route table (src/app/routes.tsx) is read as text: its entries are regular (path, static data,
 * one lazy import each), and a test (route-preloads.test.ts) holds this reading to the table the
 * console really runs with.
 */

export interface RouteSource {
  /** TanStack Router syntax, as in the route table. */
  path: string;
  layout: string;
  /** A signed-in user is required: a visitor without one is sent elsewhere, so nothing is preloaded. */
  user: boolean;
  /** The page module, relative to src/app (as the route table imports it). */
  page: string;
}

export interface RoutePreload {
  path: string;
  user: boolean;
  /** Asset paths under the site root (`/assets/…`), the page's chunk first. */
  files: string[];
  /** The stylesheets those chunks import (Vite would otherwise add them only once the chunk runs). */
  styles: string[];
}

/** The layout and user flag of each `...page.x` shorthand in the route table (`const page = { … }`). */
function shorthands(source: string): Map<string, string> {
  const block = /const page = \{([\s\S]*?)\n\} as const;/.exec(source)?.[1] ?? '';
  return new Map([...block.matchAll(/(\w+): (\{[^}]*\})/g)].map((m) => [m[1]!, m[2]!]));
}

/** The route table's pages, read from the source of routes.tsx. */
export function routeSources(source: string): RouteSource[] {
  const table = /export const routeTable = \[([\s\S]*?)\n\] as const/.exec(source)?.[1] ?? '';
  const layouts = shorthands(source);
  const entry =
    /path: '([^']+)',\s*(?:\/\/[^\n]*\n\s*)*staticData: \{([\s\S]*?)\},\s*component: lazyRouteComponent\(\s*\(\)\s*=>\s*import\('([^']+)'\)/g;
  return [...table.matchAll(entry)].map(([, routePath, staticData, page]) => {
    // Written out in the entry, else from its `...page.x` shorthand.
    const written = `${staticData!} ${layouts.get(/\.\.\.page\.(\w+)/.exec(staticData!)?.[1] ?? '') ?? ''}`;
    const layout = /layout: '(\w+)'/.exec(written)?.[1];
    const user = /user: (true|false)/.exec(written)?.[1];
    if (!layout || !user) throw new Error(`route-preloads: no layout or user flag found for ${routePath}`);
    return { path: routePath!, layout, user: user === 'true', page: page! };
  });
}

/** Vite's build manifest (`build.manifest`): source file → its chunk and the chunks it imports. */
export type ViteManifest = Record<
  string,
  {
    file: string;
    name?: string;
    src?: string;
    imports?: string[];
    dynamicImports?: string[];
    css?: string[];
    isEntry?: boolean;
  }
>;

/**
 * The chunk group that holds the standard layout (build/chunking.ts). Merged into a group, the layout
 * has no manifest entry of its own: the group's chunk (`_frame-….js`, named `frame`) stands for it.
 */
export const FRAME_GROUP = 'frame';

/** The manifest key of a chunk group's chunk (build/chunking.ts): named after it, with no source of its own. */
function groupChunk(manifest: ViteManifest, name: string): string | undefined {
  return Object.keys(manifest).find((key) => manifest[key]!.name === name && !manifest[key]!.src);
}

/** A manifest entry's chunk and every chunk it imports statically, transitively. */
function closure(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) closure(manifest, imported, into);
  return into;
}

/**
 * A layout's source file, as src/app/layouts/Layout.tsx imports it (`standard` → StandardLayout.tsx;
 * `tool` is the standard frame without its sub-footer).
 */
export function layoutFile(layout: string): string {
  const frame = layout === 'tool' ? 'standard' : layout;
  return `src/app/layouts/${frame[0]!.toUpperCase()}${frame.slice(1)}Layout.tsx`;
}

/**
 * Each page's chunks beyond what the entry and the boot module already bring (index.html preloads
 * their static imports): the page's chunk, its layout's, and the chunks those import.
 */
export function routePreloads(routes: RouteSource[], manifest: ViteManifest): RoutePreload[] {
  // What index.html loads on every page: the entry, and the boot chunks it preloads.
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loaded = entry ? closure(manifest, entry) : new Set<string>();
  const bootGroup = groupChunk(manifest, BOOT_GROUP);
  if (bootGroup) closure(manifest, bootGroup, loaded);
  const frameGroup = groupChunk(manifest, FRAME_GROUP);
  const layoutKey = (layout: string) => {
    const file = layoutFile(layout);
    return manifest[file] || file !== layoutFile('standard') ? file : frameGroup;
  };
  return routes.map((route) => {
    const page = path.posix.join('src/app', `${route.page}.tsx`);
    const wanted = new Set<string>();
    closure(manifest, page, wanted);
    const layout = layoutKey(route.layout);
    if (layout) closure(manifest, layout, wanted);
    const needed = [...wanted].filter((key) => !loaded.has(key));
    const files = needed.map((key) => `/${manifest[key]!.file}`);
    const styles = [...new Set(needed.flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`);
    return { path: route.path, user: route.user, files, styles };
  });
}

/** The Vite plugin: after the bundle is written, `route-preloads.json` beside index.html. */
export function routePreloadsPlugin(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'wharf-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as ViteManifest;
      const routes = routeSources(readFileSync(path.join(root, 'src/app/routes.tsx'), 'utf8'));
      const preloads = routePreloads(routes, manifest);
      for (const { path: routePath, files } of preloads) {
        if (files.length === 0) this.warn(`route-preloads: no chunk found for ${routePath}`);
      }
      writeFileSync(path.join(outDir, 'route-preloads.json'), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}
