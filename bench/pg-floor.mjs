// The floor of a database-backed answer on this machine (bench/read-path.ts): a bare Fastify route
// running one prepared PostgreSQL statement per request, nothing else. No list of Wharf's can beat
// it; how close the lists come is the read path's overhead.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get('/', async () => {
  const { rows } = await pool.query({ name: 'floor', text: 'select $1::int as n, now() as at', values: [1] });
  return { items: rows };
});
await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) });
