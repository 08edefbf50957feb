CREATE TABLE "inventory_session_locations" (
	"customer_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"location_uuid" uuid NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	CONSTRAINT "inventory_session_locations_customer_id_session_id_location_uuid_pk" PRIMARY KEY("customer_id","session_id","location_uuid")
);
--> statement-breakpoint
CREATE TABLE "inventory_session_reads" (
	"customer_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"location_uuid" uuid NOT NULL,
	"reader_id" bigint,
	"read_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inventory_session_reads_customer_id_session_id_epc_pk" PRIMARY KEY("customer_id","session_id","epc")
);
--> statement-breakpoint
CREATE TABLE "inventory_session_results" (
	"customer_id" bigint NOT NULL,
	"session_id" bigint NOT NULL,
	"epc" text NOT NULL,
	"location_uuid" uuid NOT NULL,
	"location_name" text NOT NULL,
	"item_id" bigint,
	"product_sku" text NOT NULL,
	"product_name" text NOT NULL,
	"outcome" text NOT NULL,
	CONSTRAINT "inventory_session_results_customer_id_session_id_epc_pk" PRIMARY KEY("customer_id","session_id","epc")
);
--> statement-breakpoint
CREATE TABLE "inventory_sessions" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "inventory_sessions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "inventory_sessions_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "location_product_counts" (
	"customer_id" bigint NOT NULL,
	"location_uuid" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "location_product_counts_customer_id_location_uuid_product_id_status_pk" PRIMARY KEY("customer_id","location_uuid","product_id","status")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "lost_after_minutes" integer DEFAULT 1440 NOT NULL;--> statement-breakpoint
ALTER TABLE "items" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inventory_session_locations" ADD CONSTRAINT "inventory_session_locations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_session_locations" ADD CONSTRAINT "inventory_session_locations_customer_id_session_id_inventory_sessions_customer_id_id_fk" FOREIGN KEY ("customer_id","session_id") REFERENCES "public"."inventory_sessions"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_session_reads" ADD CONSTRAINT "inventory_session_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_session_reads" ADD CONSTRAINT "inventory_session_reads_customer_id_session_id_inventory_sessions_customer_id_id_fk" FOREIGN KEY ("customer_id","session_id") REFERENCES "public"."inventory_sessions"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_session_results" ADD CONSTRAINT "inventory_session_results_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_session_results" ADD CONSTRAINT "inventory_session_results_customer_id_session_id_inventory_sessions_customer_id_id_fk" FOREIGN KEY ("customer_id","session_id") REFERENCES "public"."inventory_sessions"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_sessions" ADD CONSTRAINT "inventory_sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "location_product_counts" ADD CONSTRAINT "location_product_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_session_locations_open_key" ON "inventory_session_locations" USING btree ("customer_id","location_uuid") WHERE "inventory_session_locations"."open";--> statement-breakpoint
CREATE INDEX "inventory_session_reads_location_idx" ON "inventory_session_reads" USING btree ("customer_id","session_id","location_uuid");--> statement-breakpoint
CREATE INDEX "inventory_session_results_location_idx" ON "inventory_session_results" USING btree ("customer_id","session_id","location_uuid","outcome");--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_sessions_hash_key" ON "inventory_sessions" USING btree ("customer_id","hash");--> statement-breakpoint
CREATE INDEX "inventory_sessions_status_idx" ON "inventory_sessions" USING btree ("customer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "location_product_counts_product_idx" ON "location_product_counts" USING btree ("customer_id","product_id","location_uuid");--> statement-breakpoint
CREATE INDEX "items_location_status_seen_idx" ON "items" USING btree ("customer_id","location_uuid","status","last_seen_at");--> statement-breakpoint
-- Location product counts follow items exactly: statement-level triggers add each statement's
-- differences, grouped and in key order (one upsert per statement, a stable lock order).
CREATE FUNCTION "location_product_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
    SELECT "customer_id", "location_uuid", "product_id", "status", count(*) FROM new_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
    SELECT "customer_id", "location_uuid", "product_id", "status", -count(*) FROM old_rows
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  ELSE
    INSERT INTO "location_product_counts" AS c ("customer_id", "location_uuid", "product_id", "status", "count")
    SELECT k."customer_id", k."location_uuid", k."product_id", k."status", sum(k.d) FROM (
      SELECT n."customer_id", n."location_uuid", n."product_id", n."status", 1 AS d
      FROM new_rows n JOIN old_rows o ON o."customer_id" = n."customer_id" AND o."id" = n."id"
      WHERE (o."location_uuid", o."product_id", o."status") IS DISTINCT FROM (n."location_uuid", n."product_id", n."status")
      UNION ALL
      SELECT o."customer_id", o."location_uuid", o."product_id", o."status", -1 AS d
      FROM new_rows n JOIN old_rows o ON o."customer_id" = n."customer_id" AND o."id" = n."id"
      WHERE (o."location_uuid", o."product_id", o."status") IS DISTINCT FROM (n."location_uuid", n."product_id", n."status")
    ) k
    GROUP BY 1, 2, 3, 4 HAVING sum(k.d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ("customer_id", "location_uuid", "product_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "items_counts_insert" AFTER INSERT ON "items" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "location_product_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "items_counts_update" AFTER UPDATE ON "items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "location_product_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "items_counts_delete" AFTER DELETE ON "items" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "location_product_counts_apply"();
--> statement-breakpoint
INSERT INTO "location_product_counts" ("customer_id", "location_uuid", "product_id", "status", "count")
SELECT "customer_id", "location_uuid", "product_id", "status", count(*) FROM "items" GROUP BY 1, 2, 3, 4;
