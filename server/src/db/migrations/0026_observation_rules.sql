CREATE TABLE "observation_rule_products" (
	"customer_id" bigint NOT NULL,
	"rule_id" uuid NOT NULL,
	"product_id" bigint NOT NULL,
	CONSTRAINT "observation_rule_products_customer_id_rule_id_product_id_pk" PRIMARY KEY("customer_id","rule_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "observation_rule_states" (
	"customer_id" bigint NOT NULL,
	"rule_id" uuid NOT NULL,
	"item_id" bigint NOT NULL,
	"breach_since" timestamp with time zone,
	"last_alert_at" timestamp with time zone,
	"last_time" timestamp with time zone,
	CONSTRAINT "observation_rule_states_customer_id_rule_id_item_id_pk" PRIMARY KEY("customer_id","rule_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "observation_rules" (
	"customer_id" bigint NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type_uuid" uuid NOT NULL,
	"cooldown" integer NOT NULL,
	"active_time_threshold" integer NOT NULL,
	"low_limit" double precision,
	"high_limit" double precision,
	"actions" jsonb NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observation_rules_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "observations" (
	"customer_id" bigint NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"rule_id" uuid,
	"rule_name" text NOT NULL,
	"item_id" bigint,
	"product_id" bigint,
	"location_uuid" uuid,
	"reader_id" bigint,
	"type_uuid" uuid,
	"value" double precision,
	"measured_at" timestamp with time zone NOT NULL,
	"observation_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "observations_customer_id_uuid_pk" PRIMARY KEY("customer_id","uuid")
);
--> statement-breakpoint
ALTER TABLE "observation_rule_products" ADD CONSTRAINT "observation_rule_products_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rule_products" ADD CONSTRAINT "observation_rule_products_customer_id_rule_id_observation_rules_customer_id_id_fk" FOREIGN KEY ("customer_id","rule_id") REFERENCES "public"."observation_rules"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rule_products" ADD CONSTRAINT "observation_rule_products_customer_id_product_id_products_customer_id_id_fk" FOREIGN KEY ("customer_id","product_id") REFERENCES "public"."products"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rule_states" ADD CONSTRAINT "observation_rule_states_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rule_states" ADD CONSTRAINT "observation_rule_states_customer_id_rule_id_observation_rules_customer_id_id_fk" FOREIGN KEY ("customer_id","rule_id") REFERENCES "public"."observation_rules"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rule_states" ADD CONSTRAINT "observation_rule_states_customer_id_item_id_items_customer_id_id_fk" FOREIGN KEY ("customer_id","item_id") REFERENCES "public"."items"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rules" ADD CONSTRAINT "observation_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observation_rules" ADD CONSTRAINT "observation_rules_type_uuid_measurement_types_uuid_fk" FOREIGN KEY ("type_uuid") REFERENCES "public"."measurement_types"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_type_uuid_measurement_types_uuid_fk" FOREIGN KEY ("type_uuid") REFERENCES "public"."measurement_types"("uuid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "observations" ADD CONSTRAINT "observations_customer_id_rule_id_observation_rules_customer_id_id_fk" FOREIGN KEY ("customer_id","rule_id") REFERENCES "public"."observation_rules"("customer_id","id") ON DELETE SET NULL ("rule_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "observation_rule_products_product_idx" ON "observation_rule_products" USING btree ("customer_id","product_id");--> statement-breakpoint
CREATE INDEX "observation_rule_states_item_idx" ON "observation_rule_states" USING btree ("customer_id","item_id");--> statement-breakpoint
CREATE INDEX "observation_rules_modified_idx" ON "observation_rules" USING btree ("customer_id","modified_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "observations_time_idx" ON "observations" USING btree ("customer_id","observation_time" DESC NULLS LAST,"uuid");--> statement-breakpoint
CREATE INDEX "observations_rule_idx" ON "observations" USING btree ("customer_id","rule_id");--> statement-breakpoint
-- Tenant isolation from the first migration (docs/architecture.md), worded as 0018 words it.
ALTER TABLE "observation_rules" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "observation_rules" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "observation_rules" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "observation_rules" TO tagtrack_system USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "observation_rule_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "observation_rule_products" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "observation_rule_products" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "observation_rule_products" TO tagtrack_system USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "observation_rule_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "observation_rule_states" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "observation_rule_states" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "observation_rule_states" TO tagtrack_system USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "observations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "observations" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "observations" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "observations" TO tagtrack_system USING (true) WITH CHECK (true);
