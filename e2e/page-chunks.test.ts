import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { specList } from './support/spec.js';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');

/** A built chunk's name: its file name less `-<hash>.js` (Rolldown's hash is 8 characters). */
function chunkName(file: string): string | undefined {
  return /^(.+)-[\w-]{8}\.js$/.exec(path.basename(file))?.[1];
}

describe('built page chunks (build/page-chunks.ts)', () => {
  it('has a chunk for every name in SPEC.md\'s "Page chunks named", each a page of the console', () => {
    // `npm test` builds first; `npm run build -w @wharf/web` alone is enough for this file.
    expect(existsSync(path.join(dist, '.vite/manifest.json')), 'apps/web/dist is not built').toBe(true);
    const named = specList('Page chunks named');
    expect(named).toContain('2FA authenticator setup');

    const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
      string,
      { file: string; src?: string }
    >;
    const pageChunks = new Map(
      Object.values(manifest)
        .filter((entry) => entry.src?.startsWith('src/pages/'))
        .map((entry) => [chunkName(entry.file), entry.src]),
    );
    const files = new Set(readdirSync(path.join(dist, 'assets')).map(chunkName));
    for (const name of named) {
      expect(pageChunks.get(name), `no page chunk named ${name}`).toMatch(/^src\/pages\/.+Page\.tsx$/);
      expect(files.has(name), `no file assets/${name}-<hash>.js`).toBe(true);
    }
  });
});
