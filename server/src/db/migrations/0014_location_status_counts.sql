CREATE TABLE "location_status_counts" (
	"customer_id" bigint NOT NULL,
	"location_uuid" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "location_status_counts_customer_id_location_uuid_status_pk" PRIMARY KEY("customer_id","location_uuid","status")
);
--> statement-breakpoint
ALTER TABLE "location_status_counts" ADD CONSTRAINT "location_status_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Location status counts are location product counts summed over products, for the totals that
-- name no product. The same statement-level triggers keep both from one difference per statement
-- (an update's old and new rows joined once). Every writer locks location product counts first,
-- then location status counts, each in key order: the status counts' insert reads the product
-- counts' insert through an InitPlan, so that one has run to its end before any status count is
-- written.
CREATE OR REPLACE FUNCTION "location_product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta AS (
      SELECT "customer_id", "location_uuid", "product_id", "status", count(*) AS d FROM new_rows GROUP BY 1, 2, 3, 4
    ), by_product AS (
      INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
      SELECT * FROM delta ORDER BY 1, 2, 3, 4
      ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count"
      RETURNING 1
    )
    INSERT INTO "location_status_counts" AS c ("customer_id", "location_uuid", "status", "count")
    SELECT "customer_id", "location_uuid", "status", sum(d) FROM delta WHERE (SELECT count(*) FROM by_product) >= 0
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("customer_id", "location_uuid", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta AS (
      SELECT "customer_id", "location_uuid", "product_id", "status", -count(*) AS d FROM old_rows GROUP BY 1, 2, 3, 4
    ), by_product AS (
      INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
      SELECT * FROM delta ORDER BY 1, 2, 3, 4
      ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count"
      RETURNING 1
    )
    INSERT INTO "location_status_counts" AS c ("customer_id", "location_uuid", "status", "count")
    SELECT "customer_id", "location_uuid", "status", sum(d) FROM delta WHERE (SELECT count(*) FROM by_product) >= 0
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("customer_id", "location_uuid", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    WITH delta AS (
      SELECT k."customer_id", k."location_uuid", k."product_id", k."status", sum(k.d) AS d
      FROM new_rows n JOIN old_rows o ON o."customer_id" = n."customer_id" AND o."id" = n."id"
      CROSS JOIN LATERAL (VALUES
        (n."customer_id", n."location_uuid", n."product_id", n."status", 1),
        (o."customer_id", o."location_uuid", o."product_id", o."status", -1)
      ) AS k("customer_id", "location_uuid", "product_id", "status", d)
      WHERE (o."location_uuid", o."product_id", o."status") IS DISTINCT FROM (n."location_uuid", n."product_id", n."status")
      GROUP BY 1, 2, 3, 4 HAVING sum(k.d) <> 0
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
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO "location_status_counts" ("customer_id", "location_uuid", "status", "count")
SELECT "customer_id", "location_uuid", "status", sum("count") FROM "location_product_counts" GROUP BY 1, 2, 3;
