import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the schema files; commit it. Each module and
// core folder keeps its tables in its own schema.ts; no file gathers them (tables are private).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./apps/server/src/modules/*/schema.ts', './apps/server/src/core/*/schema.ts'],
  out: './apps/server/migrations',
});
