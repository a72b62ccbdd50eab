import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routePreloads, routeSources, type ViteManifest } from '../../build/route-preloads';
import { routeTable } from './routes';

const source = readFileSync(path.join(__dirname, 'routes.tsx'), 'utf8');

describe('route preloads (build/route-preloads.ts)', () => {
  it('reads every page of the route table, with its path and layout, as the console runs it', () => {
    const read = routeSources(source);
    expect(read.map(({ path: p, layout, user }) => ({ path: p, layout, user }))).toEqual(
      routeTable.map((entry) => ({ path: entry.path, layout: entry.staticData.layout, user: entry.staticData.user })),
    );
    expect(read.find((r) => r.path === '/dashboard/')?.page).toBe('../pages/dashboard/DashboardPage');
    // Each page module named is a file that exists.
    for (const route of read) expect(() => readFileSync(path.join(__dirname, `${route.page}.tsx`))).not.toThrow();
  });

  it("lists a page's chunk, its layout's, their imports and stylesheets, leaving out what the entry already brings", () => {
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-1.js'] },
      '_react-1.js': { file: 'assets/react-1.js' },
      '_cards-1.js': { file: 'assets/cards-1.js', imports: ['_react-1.js'] },
      'src/pages/dashboard/DashboardPage.tsx': {
        file: 'assets/Dashboard-1.js',
        imports: ['_cards-1.js', '_react-1.js'],
      },
      'src/app/layouts/StandardLayout.tsx': {
        file: 'assets/StandardLayout-1.js',
        imports: ['_cards-1.js'],
        css: ['assets/StandardLayout-1.css'],
      },
      'src/pages/login/LoginPage.tsx': { file: 'assets/Login-1.js' },
    };
    const preloads = routePreloads(
      [
        { path: '/dashboard/', layout: 'standard', user: true, page: '../pages/dashboard/DashboardPage' },
        { path: '/login', layout: 'blank', user: false, page: '../pages/login/LoginPage' },
      ],
      manifest,
    );
    expect(preloads).toEqual([
      {
        path: '/dashboard/',
        user: true,
        files: ['/assets/Dashboard-1.js', '/assets/cards-1.js', '/assets/StandardLayout-1.js'],
        styles: ['/assets/StandardLayout-1.css'],
      },
      // The blank layout is in the entry: no chunk of its own.
      { path: '/login', user: false, files: ['/assets/Login-1.js'], styles: [] },
    ]);
  });

  it('finds the standard layout in the frame group, for the tool layout too (the layout has no entry of its own there)', () => {
    // As Vite writes it once build/chunking.ts has put the standard layout into the `frame` group.
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      '_frame-1.js': { file: 'assets/frame-1.js', name: 'frame', imports: ['_kit-1.js'], css: ['assets/frame-1.css'] },
      '_kit-1.js': { file: 'assets/kit-1.js', name: 'kit' },
      'src/pages/chat/ChatPage.tsx': { file: 'assets/Chat-1.js', imports: ['_kit-1.js'] },
      'src/pages/support/SupportPage.tsx': { file: 'assets/Support-1.js' },
    };
    const preloads = routePreloads(
      [
        { path: '/chat', layout: 'tool', user: true, page: '../pages/chat/ChatPage' },
        { path: '/support', layout: 'standard', user: true, page: '../pages/support/SupportPage' },
      ],
      manifest,
    );
    expect(preloads).toEqual([
      {
        path: '/chat',
        user: true,
        files: ['/assets/Chat-1.js', '/assets/kit-1.js', '/assets/frame-1.js'],
        styles: ['/assets/frame-1.css'],
      },
      {
        path: '/support',
        user: true,
        files: ['/assets/Support-1.js', '/assets/frame-1.js', '/assets/kit-1.js'],
        styles: ['/assets/frame-1.css'],
      },
    ]);
  });

  it('leaves out the boot group too, which index.html preloads for the loader to import', () => {
    // As Vite writes it: the loader is the entry; the boot group (src/main.tsx's graph) is a
    // dynamic import of it, and the pages' chunks import from the boot chunk.
    const manifest: ViteManifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, dynamicImports: ['_boot-1.js'] },
      '_boot-1.js': { file: 'assets/boot-1.js', name: 'boot', imports: ['_runtime-1.js', 'index.html'] },
      '_runtime-1.js': { file: 'assets/runtime-1.js' },
      'src/pages/login/LoginPage.tsx': { file: 'assets/Login-1.js', imports: ['_boot-1.js', '_runtime-1.js'] },
    };
    expect(
      routePreloads([{ path: '/login', layout: 'blank', user: false, page: '../pages/login/LoginPage' }], manifest),
    ).toEqual([{ path: '/login', user: false, files: ['/assets/Login-1.js'], styles: [] }]);
  });
});
