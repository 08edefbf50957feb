-- The current definition, applied by migrations generated from this file: edit it here, then
-- npm run db:functions writes the migration (npm run db:check fails until it exists).
--
-- Triggers items_counts_insert, items_counts_update and items_counts_delete (ON items, per
-- statement): note each statement's difference to the per-location counts in
-- location_count_changes (one row per customer), which location_count_changes_settle applies at
-- commit. docs/counts.md tells why counts are settled at commit:
-- Count rows are taken at commit, in one order. Until now each statement that changed items
-- added its difference to location_product_counts and location_status_counts at once, in key
-- order within the statement; but a transaction of several statements (a read batch that creates
-- items, then moves others) took count rows in one order per statement, so two of them moving
-- items both ways between the same locations could each hold a row the other wanted, and a
-- transaction could hold a count row while it waited for an item. Now a statement only notes its
-- difference (one row per customer in location_count_changes), and a deferred trigger settles all
-- of the transaction's notes in one statement at commit: product counts, then status counts, each
-- in key order, after every other lock the transaction takes. Concurrent writers then take count
-- rows in one global order and never wait for anything else while holding one.
CREATE OR REPLACE FUNCTION "location_product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "location_count_changes" ("customer_id", "xact", "location_uuids", "product_ids", "statuses", "changes")
    SELECT "customer_id", txid_current(), array_agg("location_uuid"), array_agg("product_id"), array_agg("status"), array_agg(d)
    FROM (
      SELECT "customer_id", "location_uuid", "product_id", "status", count(*) AS d FROM new_rows GROUP BY 1, 2, 3, 4
    ) AS delta
    GROUP BY "customer_id";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "location_count_changes" ("customer_id", "xact", "location_uuids", "product_ids", "statuses", "changes")
    SELECT "customer_id", txid_current(), array_agg("location_uuid"), array_agg("product_id"), array_agg("status"), array_agg(d)
    FROM (
      SELECT "customer_id", "location_uuid", "product_id", "status", -count(*) AS d FROM old_rows GROUP BY 1, 2, 3, 4
    ) AS delta
    GROUP BY "customer_id";
  ELSE
    INSERT INTO "location_count_changes" ("customer_id", "xact", "location_uuids", "product_ids", "statuses", "changes")
    SELECT "customer_id", txid_current(), array_agg("location_uuid"), array_agg("product_id"), array_agg("status"), array_agg(d)
    FROM (
      SELECT k."customer_id", k."location_uuid", k."product_id", k."status", sum(k.d) AS d
      FROM new_rows n JOIN old_rows o ON o."customer_id" = n."customer_id" AND o."id" = n."id"
      CROSS JOIN LATERAL (VALUES
        (n."customer_id", n."location_uuid", n."product_id", n."status", 1),
        (o."customer_id", o."location_uuid", o."product_id", o."status", -1)
      ) AS k("customer_id", "location_uuid", "product_id", "status", d)
      WHERE (o."location_uuid", o."product_id", o."status") IS DISTINCT FROM (n."location_uuid", n."product_id", n."status")
      GROUP BY 1, 2, 3, 4 HAVING sum(k.d) <> 0
    ) AS delta
    GROUP BY "customer_id";
  END IF;
  RETURN NULL;
END
$$;
