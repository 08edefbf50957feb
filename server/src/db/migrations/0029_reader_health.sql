CREATE TABLE "reader_health" (
	"customer_id" bigint NOT NULL,
	"reader_id" bigint NOT NULL,
	"offline" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reader_health_customer_id_reader_id_pk" PRIMARY KEY("customer_id","reader_id")
);
--> statement-breakpoint
ALTER TABLE "reader_health" ADD CONSTRAINT "reader_health_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reader_health" ADD CONSTRAINT "reader_health_customer_id_reader_id_readers_customer_id_id_fk" FOREIGN KEY ("customer_id","reader_id") REFERENCES "public"."readers"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Tenant isolation from the first migration (docs/architecture.md), worded as 0018 words it.
ALTER TABLE "reader_health" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reader_health" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "reader_health" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "reader_health" TO tagtrack_system USING (true) WITH CHECK (true);
