/** SPEC.md section 8: the codes the console reacts to. */
export const API_ERROR = 'API_ERROR';
export const AXIOS_ERROR = 'AXIOS_ERROR';
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';
export const UNKNOWN_ERROR_MESSAGE = 'Looks like something went wrong...';

export interface FieldError {
  path: string;
  message: string;
}

/** Every failure of a call reaches the caller as one of these, with the server's code when it gave one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  /** HTTP status; 0 when no response arrived (network failure, CORS, abort). */
  readonly status: number;
  readonly errors: FieldError[] | undefined;
  /** The whole answer as the server sent it: some errors carry more than a message (an enforce 403 its lists). */
  readonly body: unknown;

  constructor(init: {
    message: string;
    code: string;
    status: number;
    errors?: FieldError[] | undefined;
    body?: unknown;
  }) {
    super(init.message);
    this.code = init.code;
    this.status = init.status;
    this.errors = init.errors;
    this.body = init.body;
  }
}

/** Thrown before any request when a required path or query parameter or body is null or undefined. */
export class RequiredError extends Error {
  override readonly name = 'RequiredError';
  constructor(
    readonly field: string,
    readonly operationId: string,
  ) {
    super(`Required parameter ${field} was null or undefined when calling ${operationId}.`);
  }
}

/**
 * Server messages are written for logs ("user.email is required"); the console shows them with
 * the full stops between word characters turned into spaces, as SPEC.md section 8 asks.
 */
export function humanizeMessage(message: string): string {
  return message.replace(/(?<=\w)\.(?=\w)/g, ' ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function readFieldErrors(value: unknown): FieldError[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter(isRecord).map((e) => ({ path: String(e.path ?? ''), message: String(e.message ?? '') }));
}

/** An error answer from the server: message, code (default API_ERROR), errors and status. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const fields = isRecord(body) ? body : {};
  const message =
    typeof fields.message === 'string' && fields.message !== ''
      ? fields.message
      : `Request failed with status code ${status}`;
  return new ApiError({
    message: humanizeMessage(message),
    code: typeof fields.code === 'string' && fields.code !== '' ? fields.code : API_ERROR,
    status,
    errors: readFieldErrors(fields.errors),
    body,
  });
}

/** A request that never got an answer. The code keeps the name the console has always used. */
export function transportError(cause: unknown): ApiError {
  const message = cause instanceof Error && cause.message ? cause.message : 'Network Error';
  return new ApiError({ message, code: AXIOS_ERROR, status: 0 });
}

/** Any error at all, in the one shape the console shows. */
export function normalizeError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ message: UNKNOWN_ERROR_MESSAGE, code: UNKNOWN_ERROR, status: 0 });
}
