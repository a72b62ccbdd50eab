import { defineConfig } from 'vitest/config';

// One runner for every workspace. `source` makes workspace packages resolve to their TypeScript.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'packages', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'server',
          // eslint/*.test.ts: the server's lint rules (not eslint/fixtures/, a tree the rules read).
          include: ['apps/server/src/**/*.test.ts', 'eslint/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Whole-app tests type into forms and load lazy pages; on a busy two-core machine one can
          // take several seconds (a 6 s run failed CI at the 5 s default). Waits stay at 5 s (setup.ts).
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One browser and one server at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
