-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Constraint trigger location_count_changes_settle (AFTER INSERT ON location_count_changes,
-- deferred to commit, per row). Settles a transaction's count changes for one customer: the
-- first of its deferred calls applies and deletes every note the transaction left, the later
-- ones find none. Product counts are written first and status counts second, each in key order
-- (the status insert reads the product insert through an InitPlan, so that one has run to its
-- end first).
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
    RETURNING 1
  )
  INSERT INTO "location_status_counts" AS c ("customer_id", "location_uuid", "status", "count")
  SELECT "customer_id", "location_uuid", "status", sum(d) FROM delta WHERE (SELECT count(*) FROM by_product) >= 0
  GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
  ON CONFLICT ("customer_id", "location_uuid", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END
$$;
