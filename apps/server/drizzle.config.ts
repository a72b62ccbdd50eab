import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration from the schema files; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/core/db/schema.ts',
  out: './apps/server/migrations',
});
