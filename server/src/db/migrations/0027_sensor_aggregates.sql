CREATE TABLE "measurement_minutes" (
	"customer_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"type_uuid" uuid NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"total" double precision NOT NULL,
	"low" double precision NOT NULL,
	"high" double precision NOT NULL,
	CONSTRAINT "measurement_minutes_customer_id_item_id_type_uuid_minute_pk" PRIMARY KEY("customer_id","item_id","type_uuid","minute")
);
--> statement-breakpoint
CREATE TABLE "sensor_latest" (
	"customer_id" bigint NOT NULL,
	"item_id" bigint NOT NULL,
	"type_uuid" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	"location_uuid" uuid,
	"value" double precision NOT NULL,
	"time" timestamp with time zone NOT NULL,
	CONSTRAINT "sensor_latest_customer_id_item_id_type_uuid_pk" PRIMARY KEY("customer_id","item_id","type_uuid")
);
--> statement-breakpoint
ALTER TABLE "measurement_minutes" ADD CONSTRAINT "measurement_minutes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "measurement_minutes" ADD CONSTRAINT "measurement_minutes_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_latest" ADD CONSTRAINT "sensor_latest_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_latest" ADD CONSTRAINT "sensor_latest_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_latest" ADD CONSTRAINT "sensor_latest_customer_id_product_id_products_customer_id_id_fk" FOREIGN KEY ("customer_id","product_id") REFERENCES "public"."products"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measurement_minutes_minute_idx" ON "measurement_minutes" USING btree ("minute");--> statement-breakpoint
CREATE INDEX "sensor_latest_product_idx" ON "sensor_latest" USING btree ("customer_id","product_id","location_uuid");--> statement-breakpoint
CREATE INDEX "sensor_latest_location_idx" ON "sensor_latest" USING btree ("customer_id","location_uuid");--> statement-breakpoint
-- Tenant isolation from the first migration (docs/architecture.md), worded as 0018 words it.
ALTER TABLE "measurement_minutes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "measurement_minutes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "measurement_minutes" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "measurement_minutes" TO tagtrack_system USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "sensor_latest" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "sensor_latest" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "sensor_latest" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "sensor_latest" TO tagtrack_system USING (true) WITH CHECK (true);
