CREATE TABLE "measurements" (
	"customer_id" bigint NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"item_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	"location_uuid" uuid,
	"type_uuid" uuid NOT NULL,
	"value" double precision NOT NULL,
	"reader_id" bigint,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "measurements_customer_id_uuid_time_pk" PRIMARY KEY("customer_id","uuid","time")
) PARTITION BY RANGE ("time");
--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurements" ADD CONSTRAINT "measurements_customer_id_product_id_products_customer_id_id_fk" FOREIGN KEY ("customer_id","product_id") REFERENCES "public"."products"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurements_time_idx" ON "measurements" USING btree ("customer_id","time" DESC NULLS LAST,"uuid");--> statement-breakpoint
CREATE INDEX "measurements_sensor_idx" ON "measurements" USING btree ("customer_id","item_id","type_uuid","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "measurements_product_idx" ON "measurements" USING btree ("customer_id","product_id","time" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "measurements_location_idx" ON "measurements" USING btree ("customer_id","location_uuid","time" DESC NULLS LAST);--> statement-breakpoint
-- Tenant isolation from the first migration (docs/architecture.md), worded as 0018 words it; each
-- day's table gets the same policies when tagtrack_measurement_partitions() makes it.
ALTER TABLE "measurements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measurements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "measurements" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "measurements" TO tagtrack_system USING (true) WITH CHECK (true);
