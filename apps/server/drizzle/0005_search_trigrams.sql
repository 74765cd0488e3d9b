-- pg_trgm ships with PostgreSQL (contrib) and with PGlite (loaded in db/client.ts); a trusted
-- extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "pilgrims_search_trgm_idx" ON "pilgrims" USING gin ("search_text" gin_trgm_ops);
