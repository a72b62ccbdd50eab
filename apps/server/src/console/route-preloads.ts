import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The chunks each page of the console needs beyond its entry, as the web build lists them in
 * `route-preloads.json` (apps/web/build/route-preloads.ts). Named in the page the server sends, they
 * download alongside the entry instead of after it has run and matched the route.
 */
export interface RoutePreload {
  /** TanStack Router syntax: `$name` is one path segment; a trailing slash is optional. */
  path: string;
  /** The page needs a signed-in user: a visitor without one is sent elsewhere, so nothing is preloaded. */
  user: boolean;
  files: string[];
  /** Stylesheets the chunks import; absent in a list written before the build named them. */
  styles?: string[];
}

/**
 * A built asset's path; anything else in the file is ignored rather than written into the page.
 * Page chunks carry SPEC.md's names, spaces included (`Reset password-<hash>.js`), so a space is an
 * asset's character too; the link writes it percent-encoded, the URL the page's own import asks for.
 */
const assetFile = /^\/assets\/[\w .-]+\.js$/;
const styleFile = /^\/assets\/[\w .-]+\.css$/;

function pattern(routePath: string): RegExp {
  const segments = routePath
    .replace(/\/$/, '')
    .split('/')
    .map((segment) => (segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/**
 * The `<link rel="modulepreload">` tags for a path: '' for a path no page has (the catch-all and
 * modules' own routes), or a signed-out visitor on a page that needs a user.
 */
export type PreloadLinks = (pathname: string, signedIn: boolean) => string;

export function preloadLinks(preloads: readonly RoutePreload[]): PreloadLinks {
  // Like the router, a path of fixed segments wins over one with parameters.
  const routes = preloads
    .map((route) => ({
      pattern: pattern(route.path),
      params: route.path.split('$').length - 1,
      user: route.user,
      // Stylesheets as Vite's loader would add them (it skips one already in the page).
      tags: [
        ...(route.styles ?? [])
          .filter((file) => styleFile.test(file))
          .map((file) => `<link rel="stylesheet" href="${encodeURI(file)}">`),
        ...route.files
          .filter((file) => assetFile.test(file))
          .map((file) => `<link rel="modulepreload" crossorigin href="${encodeURI(file)}">`),
      ].join(''),
    }))
    .sort((a, b) => a.params - b.params);
  return (pathname, signedIn) => {
    const route = routes.find((r) => r.pattern.test(pathname));
    return route && (signedIn || !route.user) ? route.tags : '';
  };
}

/** The build's list beside index.html; none (no preloads) when the console was built without it. */
export function loadRoutePreloads(distDir: string): PreloadLinks {
  const file = path.join(distDir, 'route-preloads.json');
  if (!existsSync(file)) return () => '';
  return preloadLinks(JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]);
}
