-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Trigger items_search_insert (AFTER INSERT ON items, per statement): copies each new item's EPC
-- and name into item_search, where the trigram index answers the item search (migration 0012).
CREATE OR REPLACE FUNCTION "item_search_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "item_search" ("customer_id", "item_id", "code", "name")
  SELECT "customer_id", "id", "code", "name" FROM new_rows;
  RETURN NULL;
END
$$;
