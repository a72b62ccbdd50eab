import type { z } from 'zod';

/**
 * Who may call an operation. The server enforces this in one hook; no handler checks it by hand.
 * - public: anyone, signed out included
 * - session: a person signed in to the console with a session cookie (the account API, CSRF-checked)
 * - user: any signed-in user with a bearer token (the service API); with `projectPermission`, a call that
 *   names a project (optional there) also needs that permission in it
 * - permission: a user (or project auth key) holding `permission` in the project the call names
 * - admin: a platform administrator (isAdmin)
 */
export type Access =
  | { readonly kind: 'public' }
  | { readonly kind: 'session' }
  | { readonly kind: 'user'; readonly projectPermission?: string }
  | { readonly kind: 'permission'; readonly permission: string }
  | { readonly kind: 'admin' };

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ObjectSchema = z.ZodObject<z.ZodRawShape>;

export interface Operation {
  /** Unique name; also the client's function name. */
  readonly operationId: string;
  readonly method: HttpMethod;
  /** OpenAPI-style path: `/v1/billing/invoices/{id}`. */
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: ObjectSchema;
  readonly query?: ObjectSchema;
  readonly body?: z.ZodType;
  /** The request body's name as SPEC.md gives it (e.g. `createSummaryRequest`); the client's argument name. */
  readonly bodyName?: string;
  /** Responses by status. Exactly one 2xx entry is the operation's result. */
  readonly responses: Readonly<Record<number, z.ZodType>>;
  readonly access: Access;
  /** Mutating calls write an audit entry in the same transaction as their change. */
  readonly audited: boolean;
  /**
   * A file answer (PDF, CSV): the server sends the file itself with this content type, and the
   * client hands it back as a Blob. The 2xx schema is then `BinaryFile`, for the OpenAPI document.
   * `file`: a stored file of any type; the handler sets its type, length, ranges and disposition.
   */
  readonly download?: 'application/pdf' | 'text/csv' | 'file';
  /**
   * The request body is the bytes of a file (`application/octet-stream`), streamed to the handler
   * unparsed and never held whole; the client sends a Blob as `bytes`. `multipart`: a
   * `multipart/form-data` body with one file in the field `file` (a browser's form), streamed to the
   * handler as its `body`; the client sends a Blob or File as `file`.
   */
  readonly upload?: true | 'multipart';
  /**
   * Also takes an `application/x-www-form-urlencoded` post, its body unread: RFC 8058's one-click
   * unsubscribe, where mail clients POST `List-Unsubscribe=One-Click`. Only for a public operation
   * without a `body`, whose query (a signed token) is its whole authority; every other operation
   * answers a form 415.
   */
  readonly form?: true;
}

/** Identity helper that keeps the literal types of an operation for the client's inference. */
export function defineOperation<const T extends Operation>(operation: T): T {
  return operation;
}

/** The names of `{param}` placeholders in a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/** The status and schema of an operation's successful result. */
export function successResponse(operation: Operation): { status: number; schema: z.ZodType } {
  const entry = Object.entries(operation.responses).find(([status]) => Number(status) < 300);
  if (!entry) throw new Error(`Operation ${operation.operationId} declares no 2xx response`);
  return { status: Number(entry[0]), schema: entry[1] };
}

type SuccessStatus = 200 | 201 | 202 | 204;
// Tuples keep these from distributing over `never` (an operation without params or query).
type Parsed<S> = [S] extends [never] ? Record<never, never> : S extends z.ZodType ? z.output<S> : Record<never, never>;

/** What an operation returns on success, as the server produces it and the client receives it. */
export type ResultOf<Op> = Op extends { download: string }
  ? Blob
  : Op extends { responses: infer R }
    ? { [S in keyof R]: S extends SuccessStatus ? (R[S] extends z.ZodType ? z.output<R[S]> : never) : never }[keyof R]
    : never;

/** The validated inputs a server handler receives. */
export interface InputOf<Op> {
  params: Parsed<Op extends { params: infer P } ? P : never>;
  query: Parsed<Op extends { query: infer Q } ? Q : never>;
  body: Op extends { body: infer B extends z.ZodType } ? z.output<B> : undefined;
}
