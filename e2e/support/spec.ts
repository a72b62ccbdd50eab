import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** SPEC.md, which lives beside the repository (`../shared/SPEC.md`), not in it. */
export const specPath = path.resolve(repoRoot, '../shared/SPEC.md');

export function readSpec(): string {
  return readFileSync(specPath, 'utf8');
}

/** The comma-separated names after `label` on its line of SPEC.md (`Page chunks named: A, B.`). */
export function specList(label: string, spec = readSpec()): string[] {
  const line = spec.split('\n').find((l) => l.startsWith(`${label}:`));
  if (!line) throw new Error(`SPEC.md has no line starting "${label}:"`);
  return line
    .slice(label.length + 1)
    .replace(/\.\s*$/, '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
