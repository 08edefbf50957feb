CREATE TABLE "location_count_changes" (
	"customer_id" bigint NOT NULL,
	"xact" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "location_count_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"location_uuids" uuid[] NOT NULL,
	"product_ids" bigint[] NOT NULL,
	"statuses" text[] NOT NULL,
	"changes" bigint[] NOT NULL,
	CONSTRAINT "location_count_changes_customer_id_xact_id_pk" PRIMARY KEY("customer_id","xact","id")
);
--> statement-breakpoint
ALTER TABLE "location_count_changes" ADD CONSTRAINT "location_count_changes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
--> statement-breakpoint
-- Settles a transaction's count changes for one customer: the first of its deferred calls applies
-- and deletes every note the transaction left, the later ones find none. Product counts are
-- written first and status counts second, each in key order (the status insert reads the product
-- insert through an InitPlan, so that one has run to its end first).
CREATE FUNCTION "location_count_changes_settle"() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "location_count_changes_settle" AFTER INSERT ON "location_count_changes"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "location_count_changes_settle"();
