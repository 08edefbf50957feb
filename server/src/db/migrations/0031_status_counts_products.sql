ALTER TABLE "location_status_counts" ADD COLUMN "products" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "location_status_counts" ADD COLUMN "product_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- How many products each location holds per status, from the product counts it sums; the settle
-- keeps it from here on (migration 0032).
UPDATE "location_status_counts" AS s SET "products" = h."products"
FROM (
  SELECT "customer_id", "location_uuid", "status", count(*) AS "products"
  FROM "location_product_counts" WHERE "count" > 0
  GROUP BY 1, 2, 3
) AS h
WHERE s."customer_id" = h."customer_id" AND s."location_uuid" = h."location_uuid" AND s."status" = h."status";
