import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { LRUCache } from 'lru-cache';
import { requestIdOf } from './request-id.js';

/**
 * Answers kept in memory and given again, byte for byte, to the same address before Fastify sees
 * the request (decision 031) — the micro-cache an edge proxy would be, inside the process. A
 * storefront asks for the same image links again and again; each is answered after the whole
 * pipeline (hooks, validation, the signature check) ran once for it. A route opts in per answer with
 * `keepAnswer`, saying what the answer shows (its tag, forgotten when that changes) and until when it
 * may be given without asking again; nothing else is ever kept.
 */

/** What a handler says of an answer it lets be kept. */
export interface KeepAnswer {
  /** What the answer shows (a file, say): `forget(tag)` drops every kept answer of it at once. */
  tag: string;
  /** Until when (ms since the epoch) the answer may be given again without the handler. */
  until: number;
  /** Told of each answer given again, with its body's length (the drive counts what it served). */
  onReplay?: (bytes: number) => void;
}

interface KeptAnswer {
  tag: string;
  /** Header names and values in turn, as `writeHead` takes them: all the first answer had but these below. */
  headers: string[];
  body: Buffer;
  keptAt: number;
  until: number;
  onReplay: ((bytes: number) => void) | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a handler whose answer may be kept and given again (core/http/kept-answers.ts). */
    keepAnswer: KeepAnswer | null;
  }
}

/** Memory for kept answers at most, and the largest one kept. */
const KEPT_MAX_BYTES = 32 * 1024 ** 2;
const KEPT_ANSWER_MAX_BYTES = 2 * 1024 ** 2;
/**
 * Request headers that may change an answer, or ask for something else than the whole of it: such
 * a request always goes through Fastify (CORS answers to an Origin; a range is a part; a
 * conditional request may be a 304).
 */
const ANSWER_CHANGING_HEADERS = ['origin', 'range', 'if-none-match', 'if-modified-since', 'if-range'];
/**
 * Headers of the first answer not given again: each connection and moment has its own (Node writes
 * Date, Connection and Keep-Alive; Content-Length is the body's), and the request id is the new request's.
 */
const NOT_REPLAYED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'x-request-id',
  'age',
]);

function variesOnlyByLeftHeaders(vary: unknown): boolean {
  if (vary === undefined) return true;
  return String(vary)
    .split(',')
    .every((name) => ANSWER_CHANGING_HEADERS.includes(name.trim().toLowerCase()));
}

export class KeptAnswers {
  private readonly answers = new LRUCache<string, KeptAnswer>({
    maxSize: KEPT_MAX_BYTES,
    maxEntrySize: KEPT_ANSWER_MAX_BYTES,
    sizeCalculation: (answer) => answer.body.length + 256,
    dispose: (answer, url) => this.untag(answer.tag, url),
  });
  /** The addresses kept under each tag, so forgetting a file does not walk every answer. */
  private readonly byTag = new Map<string, Set<string>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Gives the kept answer to this request if there is one still good for it, and says whether it
   * did; otherwise the request is Fastify's, untouched.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET' || this.answers.size === 0) return false;
    const url = request.url;
    if (url === undefined) return false;
    const kept = this.answers.get(url);
    if (!kept) return false;
    const headers = request.headers;
    for (const name of ANSWER_CHANGING_HEADERS) if (headers[name] !== undefined) return false;
    const now = this.now();
    if (now >= kept.until) {
      this.answers.delete(url);
      return false;
    }
    // The answer is given as it was made up to `age` seconds ago, so a max-age counts from then (RFC 9111 §5.1).
    response.writeHead(200, [
      ...kept.headers,
      'content-length',
      String(kept.body.length),
      'age',
      String(Math.floor((now - kept.keptAt) / 1000)),
      'x-request-id',
      requestIdOf(headers['x-request-id']),
    ]);
    response.end(kept.body);
    kept.onReplay?.(kept.body.length);
    return true;
  }

  /** Keeps an answer Fastify is about to send, when its handler allowed it and nothing in it is the caller's own. */
  keep(url: string, keep: KeepAnswer, headers: Record<string, unknown>, body: Buffer): void {
    if (keep.until <= this.now() || body.length > KEPT_ANSWER_MAX_BYTES) return;
    // An answer that sets a cookie is never anyone else's; one that differs by a request header is
    // kept only when that header is one whose presence leaves the request to Fastify (CORS's
    // `Vary: Origin`): it was made without it, and is given again only without it.
    if (headers['set-cookie'] !== undefined || !variesOnlyByLeftHeaders(headers['vary'])) return;
    const flat: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (value === undefined || NOT_REPLAYED.has(name)) continue;
      flat.push(name, String(value));
    }
    this.answers.set(url, {
      tag: keep.tag,
      headers: flat,
      body,
      keptAt: this.now(),
      until: keep.until,
      onReplay: keep.onReplay,
    });
    let urls = this.byTag.get(keep.tag);
    if (!urls) this.byTag.set(keep.tag, (urls = new Set()));
    urls.add(url);
  }

  /** Drops every answer kept under `tag`: what it shows changed, or went. */
  forget(tag: string): void {
    const urls = this.byTag.get(tag);
    if (!urls) return;
    for (const url of [...urls]) this.answers.delete(url);
    this.byTag.delete(tag);
  }

  get size(): number {
    return this.answers.size;
  }

  private untag(tag: string, url: string): void {
    const urls = this.byTag.get(tag);
    if (!urls) return;
    urls.delete(url);
    if (urls.size === 0) this.byTag.delete(tag);
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (same timeouts), whose requests go
 * to the kept answers first.
 */
export function serverWithKeptAnswers(answers: KeptAnswers) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ): Server => {
    const server = createServer((request, response) => {
      if (!answers.answer(request, response)) handler(request, response);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

/**
 * Takes the answers handlers let be kept as they are sent: after every other hook (so with all the
 * headers they add), whole, and only a plain 200 to a plain GET.
 */
export function registerKeptAnswers(app: FastifyInstance, answers: KeptAnswers): void {
  app.decorateRequest('keepAnswer', null);
  // A callback hook, not an async one: it runs on every answer of every route, and an async hook
  // costs each of them a promise for what is almost always nothing to do.
  app.addHook('onSend', (request, reply, payload, done) => {
    const keep = request.keepAnswer;
    if (
      keep &&
      request.method === 'GET' &&
      reply.statusCode === 200 &&
      Buffer.isBuffer(payload) &&
      ANSWER_CHANGING_HEADERS.every((name) => request.headers[name] === undefined)
    ) {
      answers.keep(request.url, keep, reply.getHeaders(), payload);
    }
    done(null, payload);
  });
}
