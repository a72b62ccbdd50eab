import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bootDataFor, bootScript } from './boot-data.js';
import { loadRoutePreloads } from './route-preloads.js';

/** Paths that belong to the API: unknown ones answer JSON, never the web app. */
const apiPath = /^\/(v1|v2|omnis)(\/|$)/;
/** Hashed build output: a missing file there is a real 404, not a client-side route. */
const assetPath = /^\/assets\//;

function notFoundBody(request: FastifyRequest) {
  const pathOnly = request.url.split('?')[0];
  return { code: 'NOT_FOUND', message: `No route for ${request.method} ${pathOnly}` };
}

/** The boot block goes last in the body (module scripts run after parsing, so it is there for them). */
function withBootData(html: string, script: string): string {
  return html.includes('</body>') ? html.replace('</body>', `${script}</body>`) : `${html}${script}`;
}

/** The page's own chunks go at the end of the head, after the entry's. */
function withPreloads(html: string, links: string): string {
  return links === '' ? html : html.replace('</head>', `${links}</head>`);
}

/**
 * Serves the built console: hashed assets cached for a year, everything else revalidated, and
 * `index.html` for any other GET so the client router can take over.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : undefined;
  const preloadsFor = loadRoutePreloads(distDir);

  if (indexHtml !== undefined) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /**
   * The page, with a signed-in person's first answers in it (boot-data.ts). Such a page is theirs
   * alone: never stored by any cache, and it varies by cookie.
   */
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const boot = await bootDataFor(app, request);
    const page = withPreloads(indexHtml!, preloadsFor(request.url.split('?')[0] ?? '/', boot !== undefined));
    void reply.code(200).type('text/html; charset=utf-8').header('vary', 'Cookie');
    if (!boot) return reply.header('cache-control', 'no-cache').send(page);
    return reply.header('cache-control', 'no-store').send(withBootData(page, bootScript(boot)));
  };

  // The root is a folder to the static plugin (which refuses to list it); it is the console's page.
  if (indexHtml !== undefined) app.get('/', { schema: { hide: true } }, (request, reply) => sendIndex(request, reply));

  app.setNotFoundHandler((request, reply) => {
    const pathOnly = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || apiPath.test(pathOnly) || assetPath.test(pathOnly) || indexHtml === undefined) {
      return reply.code(404).send(notFoundBody(request));
    }
    return sendIndex(request, reply);
  });
}
