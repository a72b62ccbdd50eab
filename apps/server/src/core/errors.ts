import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error meant for the caller: it leaves as `{code, message, errors?}` with its status. */
export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = 'NOT_FOUND') => new AppError(404, code, message);
export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'FORBIDDEN', message);

/** Codes for the client errors Fastify itself raises (bad JSON, wrong content type, body too large). */
const codeByStatus: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  408: 'REQUEST_TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  431: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
};

export interface ErrorBody {
  code: string;
  message: string;
  errors?: { path: string; message: string }[];
}

/** Turn any thrown value into the status and body the caller sees. Bugs reveal nothing of themselves. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const body: ErrorBody = { code: error.code, message: error.message };
    if (error.errors) body.errors = error.errors;
    return { status: error.status, body };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    // "querystring" is Fastify's word; callers know it as the query.
    const context = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
    const errors = error.validation.map((v) => ({
      path: `${context}${v.instancePath.replaceAll('/', '.')}`.replace(/\.$/, ''),
      message: v.message ?? 'Invalid value',
    }));
    const first = errors[0];
    const message = first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request';
    return { status: 400, body: { code: 'VALIDATION_ERROR', message, errors } };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { code: codeByStatus[status] ?? 'BAD_REQUEST', message: fastifyError.message ?? 'Bad request' },
    };
  }
  return { status: 500, body: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side.' } };
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = toErrorResponse(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: body.code, status }, 'request refused');
    // Headers such as Retry-After travel on the error when a plugin sets them.
    const headers = (error as { headers?: Record<string, string> }).headers;
    if (headers && status < 500) void reply.headers(headers);
    return reply.code(status).type('application/json; charset=utf-8').send(body);
  });
}
