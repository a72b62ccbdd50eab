import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 from the operation table, at /openapi.json, and a readable reference at /docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string, webDistDir: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Wharf API',
        version: '0.1.0',
        description: 'The API of the Wharf console: accounts, projects, modules, billing, chat, drive and more.',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  // Swagger UI's assets ship inside @fastify/swagger-ui and are served from here; nothing loads from a CDN.
  const logoFile = path.join(webDistDir, 'brand', 'logo-desktop-dark.svg');
  await app.register(fastifySwaggerUi, {
    routePrefix: '/docs',
    // Swagger UI sets a few inline styles; its page gets its own, slightly wider policy.
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
    },
    ...(existsSync(logoFile)
      ? { logo: { type: 'image/svg+xml', content: readFileSync(logoFile), href: '/', target: '_self' as const } }
      : {}),
    uiConfig: { url: '/openapi.json', docExpansion: 'list', deepLinking: true },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
