-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Trigger items_search_update (AFTER UPDATE OF code, name ON items, per row): keeps item_search's
-- copy of an item's EPC and name. Only statements that set code or name fire it (reads never
-- do); deletes cascade.
CREATE OR REPLACE FUNCTION "item_search_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "item_search" SET "code" = NEW."code", "name" = NEW."name"
  WHERE "customer_id" = NEW."customer_id" AND "item_id" = NEW."id";
  RETURN NULL;
END
$$;
