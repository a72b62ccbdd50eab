import type { Operations, OperationId, ResultOf } from '@wharf/contract';
import type { z } from 'zod';
import { apiErrorFromBody, normalizeError, RequiredError, transportError } from './errors.js';
import type { OperationMeta } from './meta.js';
import { operationMeta } from './operations.gen.js';

// Tuples keep these from distributing over `never` (an operation without params or query).
type InputOf<S> = [S] extends [never] ? Record<never, never> : S extends z.ZodType ? z.input<S> : Record<never, never>;
type BodyArg<Op> = Op extends { body: infer B extends z.ZodType; bodyName: infer N extends string }
  ? { [K in N]: z.input<B> }
  : Record<never, never>;
type UploadArg<Op> = Op extends { upload: true }
  ? { bytes: Blob }
  : Op extends { upload: 'multipart' }
    ? { file: Blob }
    : Record<never, never>;

/** One flat argument per call: path and query parameters by name, and the body under its SPEC.md name. */
export type ArgsOf<Op> = Flatten<
  InputOf<Op extends { params: infer P } ? P : never> &
    InputOf<Op extends { query: infer Q } ? Q : never> &
    BodyArg<Op> &
    UploadArg<Op>
>;
/** One object type instead of an intersection, for readable hovers and exact type tests. */
type Flatten<T> = { [K in keyof T]: T[K] };

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

type CallOf<Op> =
  Record<never, never> extends ArgsOf<Op>
    ? (args?: ArgsOf<Op>, options?: CallOptions) => Promise<ResultOf<Op>>
    : (args: ArgsOf<Op>, options?: CallOptions) => Promise<ResultOf<Op>>;

export type WharfClient = { [K in OperationId]: CallOf<Operations[K]> };

export interface ClientConfig {
  /** API host; '' for same-origin. SPEC.md section 9: the API host is configurable. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Bearer token for the call, when there is one. */
  getAccessToken?: () => string | undefined | Promise<string | undefined>;
  /** Extra headers per call, given its HTTP method (the console adds its CSRF header to unsafe ones). */
  getHeaders?: (method: string) => Record<string, string>;
  credentials?: RequestInit['credentials'];
}

function isMissing(value: unknown): boolean {
  return value === null || value === undefined;
}

function buildUrl(baseUrl: string, meta: OperationMeta, args: Record<string, unknown>): string {
  let path = meta.path;
  for (const name of meta.pathParams) {
    path = path.replace(`{${name}}`, encodeURIComponent(String(args[name])));
  }
  const search = new URLSearchParams();
  for (const name of meta.query) {
    const value = args[name];
    if (isMissing(value)) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const query = search.toString();
  return `${baseUrl}${path}${query ? `?${query}` : ''}`;
}

function checkRequired(meta: OperationMeta, args: Record<string, unknown>): void {
  const { operationId, bodyName } = meta;
  for (const name of meta.pathParams) if (isMissing(args[name])) throw new RequiredError(name, operationId);
  if (meta.upload === true && isMissing(args.bytes)) throw new RequiredError('bytes', operationId);
  if (meta.upload === 'multipart' && isMissing(args.file)) throw new RequiredError('file', operationId);
  for (const name of meta.requiredQuery) if (isMissing(args[name])) throw new RequiredError(name, operationId);
  if (meta.bodyRequired && isMissing(args[bodyName ?? 'body'])) {
    throw new RequiredError(bodyName ?? 'body', operationId);
  }
}

function requestBody(meta: OperationMeta, args: Record<string, unknown>, body: unknown): BodyInit | null {
  if (meta.upload === true) return args.bytes as Blob;
  if (meta.upload === 'multipart') {
    const form = new FormData();
    form.append('file', args.file as Blob);
    return form;
  }
  return body === undefined ? null : JSON.stringify(body);
}

async function readBody(response: Response, meta: OperationMeta): Promise<unknown> {
  if (response.status === 204) return undefined;
  if (meta.download) return response.blob();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('application/json')) return response.json();
  if (type.startsWith('text/')) return response.text();
  return response.blob();
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** A client for any operation metadata; `createClient` is this over the whole contract. */
export function buildClient(
  table: Readonly<Record<string, OperationMeta>>,
  config: ClientConfig = {},
): Record<string, (args?: unknown, options?: CallOptions) => Promise<unknown>> {
  const baseUrl = (config.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));

  const call = async (meta: OperationMeta, rawArgs: unknown, options: CallOptions = {}) => {
    const args = (rawArgs ?? {}) as Record<string, unknown>;
    checkRequired(meta, args);
    const headers: Record<string, string> = {
      accept: meta.download ? '*/*' : 'application/json',
      ...config.getHeaders?.(meta.method),
    };
    const token = await config.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const body = meta.bodyName ? args[meta.bodyName] : undefined;
    if (body !== undefined) headers['content-type'] = 'application/json';
    // A form's content type carries its boundary, which fetch writes itself.
    if (meta.upload === true) headers['content-type'] = 'application/octet-stream';
    Object.assign(headers, options.headers);

    let response: Response;
    try {
      response = await doFetch(buildUrl(baseUrl, meta, args), {
        method: meta.method,
        headers,
        body: requestBody(meta, args, body),
        signal: options.signal ?? null,
        ...(config.credentials ? { credentials: config.credentials } : {}),
      });
    } catch (cause) {
      throw transportError(cause);
    }
    if (!response.ok) throw apiErrorFromBody(response.status, await readErrorBody(response));
    try {
      return await readBody(response, meta);
    } catch (error) {
      throw normalizeError(error);
    }
  };

  const client: Record<string, (args?: unknown, options?: CallOptions) => Promise<unknown>> = {};
  for (const meta of Object.values(table)) {
    client[meta.operationId] = (args?: unknown, options?: CallOptions) => call(meta, args, options);
  }
  return client;
}

export function createClient(config: ClientConfig = {}): WharfClient {
  return buildClient(operationMeta, config) as unknown as WharfClient;
}
