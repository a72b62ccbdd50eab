import type { Operation } from '@wharf/contract';
import { pathParamNames } from '@wharf/contract';

/**
 * What the client needs at run time to make a call: plain data, no schemas, so the console's
 * bundle never carries zod or the contract's schemas. Types still come from the contract.
 */
export interface OperationMeta {
  readonly operationId: string;
  readonly method: Operation['method'];
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query: readonly string[];
  readonly requiredQuery: readonly string[];
  readonly bodyName?: string;
  readonly bodyRequired: boolean;
  /** A file answer: the call resolves to a Blob. */
  readonly download?: true;
  /**
   * The body is a file's bytes: the call sends its `bytes` (a Blob) as application/octet-stream; or,
   * `multipart`, its `file` (a Blob or File) as multipart/form-data in the field `file`.
   */
  readonly upload?: true | 'multipart';
}

function acceptsAbsent(schema: { safeParse(value: unknown): { success: boolean } }): boolean {
  return schema.safeParse(undefined).success;
}

/** Derive an operation's run-time metadata from its schemas (used by the generator and tests). */
export function metaOf(operation: Operation): OperationMeta {
  const shape = operation.query?.shape ?? {};
  const query = Object.keys(shape);
  return {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    pathParams: pathParamNames(operation.path),
    query,
    // A query parameter is required when its schema refuses "absent".
    requiredQuery: query.filter((name) => !acceptsAbsent(shape[name] as never)),
    ...(operation.bodyName ? { bodyName: operation.bodyName } : {}),
    bodyRequired: operation.body !== undefined && !acceptsAbsent(operation.body),
    ...(operation.download ? { download: true as const } : {}),
    ...(operation.upload ? { upload: operation.upload } : {}),
  };
}
