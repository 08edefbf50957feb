-- The item search matches part of an EPC or name (ILIKE '%…%'). A trigram index answers it
-- without reading every item; btree_gin lets customer_id lead it as it leads every other index.
-- Both extensions ship with PostgreSQL (contrib) and with PGlite. The index is on item_search, a
-- copy of each item's EPC and name kept by the triggers below, not on items: reads update items
-- all day, and a trigram index there would take some twenty entries per move.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "btree_gin";--> statement-breakpoint
CREATE TABLE "item_search" (
	"customer_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "item_search_customer_id_item_id_pk" PRIMARY KEY("customer_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_trgm_idx" ON "item_search" USING gin ("customer_id","code" gin_trgm_ops,"name" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION "item_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "item_search" ("customer_id", "item_id", "code", "name")
  SELECT "customer_id", "id", "code", "name" FROM new_rows;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_search_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "item_search_insert"();
--> statement-breakpoint
-- Only statements that set code or name fire it (reads never do); deletes cascade.
CREATE FUNCTION "item_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_search" SET "code" = NEW."code", "name" = NEW."name"
  WHERE "customer_id" = NEW."customer_id" AND "item_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_search_update" AFTER UPDATE OF "code", "name" ON "items"
  FOR EACH ROW WHEN (OLD."code" IS DISTINCT FROM NEW."code" OR OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "item_search_update"();
--> statement-breakpoint
INSERT INTO "item_search" ("customer_id", "item_id", "code", "name")
SELECT "customer_id", "id", "code", "name" FROM "items";
