-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- The read ingest remembers the items it read and wrote, so that repeat sightings need no query.
-- Whatever else changes items (the console, imports, inventory sessions, the lost sweep, deletes
-- cascading from products or customers) bumps the customer's items_epoch once per statement, and
-- the ingest forgets the customer's items when it sees a new one. The ingest's own writes set
-- tagtrack.ingest for their transaction and leave the epoch alone.
CREATE OR REPLACE FUNCTION "items_epoch_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('tagtrack.ingest', true) IS DISTINCT FROM 'on' THEN
    UPDATE "customers" SET "items_epoch" = "items_epoch" + 1
    WHERE "id" IN (SELECT DISTINCT "customer_id" FROM old_rows);
  END IF;
  RETURN NULL;
END
$$;
