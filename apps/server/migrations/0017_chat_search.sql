-- Full-text search of chat messages (issue 21): the text's words in the 'simple' configuration (lower-cased,
-- no stemming: names and product codes match as typed), kept by the database, with a GIN index.
ALTER TABLE "chat_messages" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "chat_messages"."text")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_search_idx" ON "chat_messages" USING gin ("search");