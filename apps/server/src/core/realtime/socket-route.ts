import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { RealtimeGateway } from './gateway.js';

export const REALTIME_PATH = '/v1/realtime';
/** A client frame is small (a token is the largest); anything bigger is not part of the protocol. */
const MAX_FRAME_BYTES = 8 * 1024;

/**
 * Whether a socket's Origin may open it (ASVS 4.4.2): a browser always sends one, so a page of
 * another site cannot open a socket in a visitor's name. Allowed: the console's own origin
 * (PUBLIC_URL), the origins CORS allows, and the address the request itself was made to (the same
 * origin behind the development server's proxy). Clients that are not browsers send none.
 */
export function originAllowed(request: FastifyRequest, allowed: readonly string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  try {
    const { host } = new URL(origin);
    return host !== '' && host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * `GET /v1/realtime`, upgraded to a WebSocket (decision 033). The upgrade passes Fastify's hooks
 * (request ids, logging); the socket authenticates with its first frame, not the request, so its
 * token never sits in a URL or a log. A plain GET is told to upgrade.
 */
export async function registerRealtimeRoute(
  app: FastifyInstance,
  gateway: RealtimeGateway,
  allowedOrigins: readonly string[],
): Promise<void> {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_FRAME_BYTES },
    errorHandler: (error, socket) => {
      gateway.log('realtime socket failed', error);
      socket.terminate();
    },
  });
  app.route({
    method: 'GET',
    url: REALTIME_PATH,
    schema: { hide: true },
    onRequest: async (request) => {
      if (!originAllowed(request, allowedOrigins)) {
        throw new AppError(403, 'ORIGIN_NOT_ALLOWED', 'This origin may not open a realtime socket.');
      }
    },
    handler: async (_request, reply) => {
      reply.code(426).header('upgrade', 'websocket');
      return { code: 'UPGRADE_REQUIRED', message: 'Open this address as a WebSocket.' };
    },
    wsHandler: (socket) => gateway.accept(socket),
  });
}
