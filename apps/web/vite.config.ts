import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';
import { consoleChunking } from './build/chunking.ts';
import { deferredBootPlugin } from './build/deferred-boot.ts';
import { chunkFileNames } from './build/page-chunks.ts';
import { routePreloadsPlugin } from './build/route-preloads.ts';

/** The API the dev server forwards to; `WHARF_API=http://host:port npm run dev` points it elsewhere. */
const api = process.env.WHARF_API ?? 'http://localhost:3000';

/** Everything the server answers itself: the API, health, and its OpenAPI document and reference. */
const apiPrefixes = ['/v1', '/v2', '/omnis', '/healthz', '/openapi.json', '/docs'];

const chunking = consoleChunking();

export default defineConfig({
  plugins: [react(), tailwindcss(), chunking.plugin, routePreloadsPlugin(), deferredBootPlugin()],
  resolve: {
    // Workspace packages resolve to their TypeScript source, so no package build is needed first.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, { target: api, changeOrigin: false, ws: true }])),
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each page needs, for route-preloads.json (build/route-preloads.ts).
    manifest: true,
    // A page's chunk carries SPEC.md's name for it (`Reset password`), not its file's (build/page-chunks.ts).
    rolldownOptions: { output: { codeSplitting: { groups: chunking.groups }, chunkFileNames } },
  },
});
