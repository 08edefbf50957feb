-- The item search matches part of an EPC or name (ILIKE '%…%'): a trigram index answers it
-- without reading every item. btree_gin lets customer_id lead the index as it leads every other.
-- Both extensions ship with PostgreSQL (contrib) and with PGlite.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "btree_gin";--> statement-breakpoint
CREATE INDEX "items_search_trgm_idx" ON "items" USING gin ("customer_id","code" gin_trgm_ops,"name" gin_trgm_ops);
