import fastifyMultipart from '@fastify/multipart';
import { IMPORT_FILE_MAX_BYTES, successResponse, type InputOf, type Operation, type ResultOf } from '@wharf/contract';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAuditFailure } from '../audit/audit.js';
import { AppError } from '../errors.js';
import { checkCsrf, needsCsrfCheck } from '../security/cookies.js';
import { authenticateFor, authorizeFor, type AccessResolver } from './access.js';

/** What a `download` operation's handler gives: the file, streamed or whole, and the name to save it as. */
export interface FileAnswer {
  filename: string;
  body: Readable | Buffer;
}

/**
 * A stored file's answer (`download: 'file'`): the handler has set the type, length, range and
 * disposition headers and gives the bytes, or nothing (304, a HEAD-like empty answer).
 */
export type StoredFileAnswer = Readable | Buffer | undefined;

export type HandlerResult<Op> = Op extends { download: 'file' }
  ? StoredFileAnswer
  : Op extends { download: string }
    ? FileAnswer
    : ResultOf<Op>;

/** A multipart upload's file (`upload: 'multipart'`): its stream, read once, never held whole. */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  stream: Readable;
}

export type Handler<Op> = (
  input: InputOf<Op>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<HandlerResult<Op>> | HandlerResult<Op>;

const OCTET_STREAM = 'application/octet-stream';
const FORM = 'application/x-www-form-urlencoded';
/** The largest file of a multipart upload (a CSV of subscribers is the one today). */
export const MULTIPART_FILE_MAX_BYTES = IMPORT_FILE_MAX_BYTES;
const FILE_FIELD = 'file';

/**
 * The one file of a multipart upload's request (`upload: 'multipart'`), in the field `file`, as a
 * stream its handler reads as it arrives (never held whole): the handler calls this once, after
 * the access checks have passed. A file above the limit fails its stream with 413 at the limit.
 */
export async function multipartFile(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      `Send the file as multipart/form-data, in the field ${FILE_FIELD}.`,
    );
  }
  const part = await request
    .file({ limits: { fileSize: MULTIPART_FILE_MAX_BYTES, files: 1, fields: 10, parts: 20 } })
    .catch(() => {
      throw new AppError(400, 'BAD_MULTIPART', 'The upload is not a well-formed multipart/form-data body.');
    });
  if (!part || part.fieldname !== FILE_FIELD) {
    part?.file.resume();
    throw new AppError(400, 'FILE_MISSING', `Choose a file to upload, in the field ${FILE_FIELD}.`);
  }
  const megabytes = Math.round(MULTIPART_FILE_MAX_BYTES / 1024 / 1024);
  part.file.once('limit', () => {
    part.file.destroy(
      new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${megabytes} MB: split it in parts.`),
    );
  });
  return { filename: part.filename, mimetype: part.mimetype, stream: part.file };
}

/** Sends a file answer: never cached (bills and statements are private), saved under its name. */
function sendFile(reply: FastifyReply, contentType: string, file: FileAnswer): Readable | Buffer {
  const ascii = file.filename.replace(/[^\w.-]/g, '_');
  reply
    .header('content-type', contentType === 'text/csv' ? 'text/csv; charset=utf-8' : contentType)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'no-store');
  return file.body;
}

/** A handler for every operation of a table: the compiler refuses a table with one missing. */
export type Handlers<T extends Record<string, Operation>> = { [K in keyof T]: Handler<T[K]> };

declare module 'fastify' {
  interface FastifyContextConfig {
    operationId?: string;
    /** Takes a form post, its body unread (the operation's `form`, RFC 8058's one-click unsubscribe). */
    takesForm?: boolean;
  }
}

/** Requests one address may make to an operation in a window (SPEC: login, reset, code endpoints). */
export interface RateLimit {
  max: number;
  timeWindow: number;
  /**
   * Count per address and the account the body names (its `email`), not per address alone: a burst
   * against one account must not refuse a bystander signing in from the same address (ASVS 6.3; the
   * per-address defence is the failure tracker's captcha, which a right password still passes).
   */
  perAccount?: boolean;
  /**
   * Count only calls made with a project auth key, per address and key's project: a storefront's
   * public form is limited, while the console's people (already signed in) are not.
   */
  keyCallersOnly?: boolean;
}

/** The rate-limit plugin's route options for a limit; a per-account one is counted once the body is read. */
function rateLimitOptions(limit: RateLimit | undefined) {
  if (!limit) return false;
  const { perAccount, keyCallersOnly, ...window } = limit;
  if (keyCallersOnly) {
    return {
      ...window,
      // Once the caller is known: authentication runs in the route's own onRequest hook.
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest) => request.principal?.kind !== 'authKey',
      keyGenerator: (request: FastifyRequest) => `${request.ip}|${request.principal?.projectId ?? ''}`,
    };
  }
  if (!perAccount) return window;
  return {
    ...window,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : ''}`;
    },
  };
}

/** `/v1/things/{id}` → `/v1/things/:id` */
export function toFastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1');
}

/** Register every operation of a table as a route; the table is the only way routes come to exist. */
function codeOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Audited operations: a refusal gets a failure entry beside its answer; a success must have written
 * its entry in its own transaction (recordAudit). Outside production a success without one fails
 * loudly, so no handler can forget.
 */
function auditHook(strict: boolean) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode >= 400) {
      try {
        await recordAuditFailure(request.server.services.database.db, request, reply.statusCode, codeOf(payload));
      } catch (error) {
        request.log.error({ err: error }, 'could not write the audit entry of a refused call');
      }
    } else if (!request.auditRecorded) {
      request.log.error(
        { operationId: request.routeOptions.config.operationId },
        'audited operation without an audit entry',
      );
      if (strict) throw new AppError(500, 'AUDIT_MISSING', 'The change was made without its audit entry.');
    }
    return payload;
  };
}

export function registerOperations<T extends Record<string, Operation>>(
  app: FastifyInstance,
  table: T,
  handlers: Handlers<T>,
  resolver: AccessResolver,
  rateLimits?: Readonly<Record<string, RateLimit>>,
  strictAudit = true,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  // Uploads take their body as the request's own stream: no parsing, no body limit, never held whole.
  // Their handlers check the size; any other route given this type fails its body's validation.
  if (Object.values(table).some((operation) => operation.upload) && !app.hasContentTypeParser(OCTET_STREAM)) {
    app.addContentTypeParser(OCTET_STREAM, (_request, payload, done) => done(null, payload));
  }
  // Multipart uploads are read by the handler from the request itself (multipartFile), as they come.
  if (Object.values(table).some((operation) => operation.upload === 'multipart')) {
    void app.register(fastifyMultipart, { throwFileSizeLimit: true });
  }
  // RFC 8058's one-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form. Only an
  // operation that declares `form` accepts one, unread; every other route answers it 415. The parser
  // runs before the body is validated, so a form operation's empty body passes.
  if (!app.hasContentTypeParser(FORM)) {
    app.addContentTypeParser(FORM, { parseAs: 'string' }, (request, _body, done) => {
      if (request.routeOptions.config.takesForm) done(null, undefined);
      else done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Unsupported Media Type: ${FORM}`), undefined);
    });
  }
  for (const [key, operation] of Object.entries(table) as [keyof T & string, Operation][]) {
    const handler = handlers[key] as Handler<Operation>;
    const success = successResponse(operation);
    const csrf = needsCsrfCheck(operation.method, operation.path, operation.access.kind === 'session');
    if (operation.form && (operation.body || csrf || operation.access.kind !== 'public')) {
      // A form is any site's to post: only a public call with its authority in the query may take one.
      throw new Error(`${operation.operationId} takes a form, so it must be public, CSRF-free and bodiless`);
    }
    typed.route({
      method: operation.method,
      url: toFastifyPath(operation.path),
      schema: {
        operationId: operation.operationId,
        summary: operation.summary,
        tags: [...operation.tags],
        security: operation.access.kind === 'public' ? [] : [{ bearerAuth: [] }],
        ...(operation.params ? { params: operation.params } : {}),
        ...(operation.query ? { querystring: operation.query } : {}),
        ...(operation.body ? { body: operation.body } : {}),
        response: operation.responses,
      },
      config: {
        operationId: operation.operationId,
        rateLimit: rateLimitOptions(rateLimits?.[operation.operationId]),
        takesForm: operation.form === true,
      },
      onRequest: async (request) => {
        // Forged cross-site writes are refused before anything else is looked at.
        if (csrf) checkCsrf(request);
        await authenticateFor(operation.access, request, resolver);
      },
      preHandler: (request) => authorizeFor(operation.access, request, resolver),
      ...(operation.audited ? { onSend: auditHook(strictAudit) } : {}),
      handler: async (request, reply) => {
        reply.code(success.status);
        const input = { params: request.params, query: request.query, body: request.body } as InputOf<Operation>;
        const result = await handler(input, request, reply);
        if (operation.download === 'file' || !operation.download) return result;
        return sendFile(reply, operation.download, result as unknown as FileAnswer);
      },
    });
  }
}
