// The baseline: the least a Fastify 5 server can do per request on this machine, run as its own
// process (like Wharf) so the load generator never shares its event loop. No logger, no plugins.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
// The same least work answering n bytes (at most 10 MB): the baseline of an answer as large as a file's.
const bodies = new Map();
app.get('/bytes/:n', async (request, reply) => {
  const n = Math.min(Number(request.params.n) || 0, 10 * 1024 * 1024);
  if (!bodies.has(n)) bodies.set(n, Buffer.alloc(n, 7));
  return reply.type('application/octet-stream').send(bodies.get(n));
});

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) });

// The bench stops us with SIGTERM and waits for the exit, so close cleanly and promptly.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
