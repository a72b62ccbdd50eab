-- Trigrams of drive files' names, for searches that match a word anywhere in a name (pg_trgm: a
-- trusted extension in PostgreSQL 13+, and loaded into PGlite by core/db/pglite-worker.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "drive_files_name_trgm_idx" ON "drive_files" USING gin ("name" gin_trgm_ops);
