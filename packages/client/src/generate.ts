import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { operations, type Operation } from '@wharf/contract';
import { metaOf } from './meta.js';

export const generatedFile = fileURLToPath(new URL('./operations.gen.ts', import.meta.url));

/** The source of operations.gen.ts for the current contract. */
export function renderOperationMeta(): string {
  const meta = Object.fromEntries((Object.values(operations) as Operation[]).map((op) => [op.operationId, metaOf(op)]));
  return [
    '// Generated from packages/contract by `npm run generate:client`. Do not edit; a test checks it is current.',
    "import type { OperationMeta } from './meta.js';",
    '',
    `export const operationMeta: Readonly<Record<string, OperationMeta>> = ${JSON.stringify(meta, null, 2)};`,
    '',
  ].join('\n');
}

// Run directly: write the file.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(generatedFile, renderOperationMeta());
  console.log(`Wrote ${generatedFile}`);
}
