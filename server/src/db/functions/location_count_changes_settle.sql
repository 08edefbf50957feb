-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Constraint trigger location_count_changes_settle (AFTER INSERT ON location_count_changes,
-- deferred to commit, per row). Settles a transaction's count changes for one customer: the
-- first of its deferred calls applies and deletes every note the transaction left, the later
-- ones find none. Product counts are written first and status counts second, each in key order
-- (the status insert reads what the product insert returns, so that one has run to its end
-- first). Each status count also keeps how many products the location holds in that status (its
-- product count rows above 0): a product row's new count, less the change, is its count before,
-- so the rows that crossed 0 either way are known without reading them again; two products whose
-- changes cancel in the item count can still change the number of products held. It also counts
-- those crossings (product_changes, only ever growing): the set of products a location holds
-- changes exactly when that number does, which tells the location tree when to count again.
--
-- It runs at commit as the role that queued it but with the settings of that moment: a
-- privileged transaction that worked within a customer (a new customer's defaults) has left that
-- customer by then, and under row-level security the settle would see none of its notes. It only
-- ever touches the notes and counts of the customer of the note that fired it, so it runs as the
-- owner (SECURITY DEFINER).
CREATE OR REPLACE FUNCTION "location_count_changes_settle"() RETURNS trigger LANGUAGE plpgsql
  SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  WITH changes AS (
    DELETE FROM "location_count_changes" WHERE "customer_id" = NEW."customer_id" AND "xact" = NEW."xact"
    RETURNING "location_uuids", "product_ids", "statuses", "changes"
  ), delta AS (
    SELECT NEW."customer_id" AS "customer_id", u."location_uuid", u."product_id", u."status", sum(u.d) AS d
    FROM changes
    CROSS JOIN LATERAL unnest(changes."location_uuids", changes."product_ids", changes."statuses", changes."changes")
      AS u("location_uuid", "product_id", "status", d)
    GROUP BY 2, 3, 4 HAVING sum(u.d) <> 0
  ), by_product AS (
    INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
    SELECT * FROM delta ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count"
    RETURNING c."location_uuid", c."product_id", c."status", c."count"
  )
  INSERT INTO "location_status_counts" AS c ("customer_id", "location_uuid", "status", "count", "products", "product_changes")
  SELECT d."customer_id", d."location_uuid", d."status", sum(d.d), sum(x.held), sum(abs(x.held))
  FROM delta d
  JOIN by_product b ON b."location_uuid" = d."location_uuid" AND b."product_id" = d."product_id" AND b."status" = d."status"
  CROSS JOIN LATERAL (SELECT (b."count" > 0)::int - (b."count" - d.d > 0)::int AS held) x
  GROUP BY 1, 2, 3 HAVING sum(d.d) <> 0 OR sum(abs(x.held)) <> 0
  ORDER BY 1, 2, 3
  ON CONFLICT ("customer_id", "location_uuid", "status") DO UPDATE SET "count" = c."count" + excluded."count",
    "products" = c."products" + excluded."products", "product_changes" = c."product_changes" + excluded."product_changes";
  RETURN NULL;
END
$$;
