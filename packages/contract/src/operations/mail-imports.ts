import type { Operation } from '../operation.js';

/** Filled in by issue 23's work on this area. */
export const mailImportOperations = {} satisfies Record<string, Operation>;
