CREATE TABLE "report_runs" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "report_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"occurrence" timestamp with time zone,
	"status" text DEFAULT 'running' NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error" text,
	"file_key" text,
	"file_name" text,
	"row_count" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "report_runs_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"customer_id" bigint NOT NULL,
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_type" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" bigint,
	"report_json" jsonb NOT NULL,
	"schedule_start" timestamp with time zone,
	"schedule_end" timestamp with time zone,
	"recurrence" jsonb,
	"next_run_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_customer_id_id_pk" PRIMARY KEY("customer_id","id")
);
--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_runs" ADD CONSTRAINT "report_runs_customer_id_report_id_reports_customer_id_id_fk" FOREIGN KEY ("customer_id","report_id") REFERENCES "public"."reports"("customer_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_occurrence_key" ON "report_runs" USING btree ("customer_id","report_id","occurrence");--> statement-breakpoint
CREATE INDEX "report_runs_history_idx" ON "report_runs" USING btree ("customer_id","report_id","created_at");--> statement-breakpoint
CREATE INDEX "report_runs_created_idx" ON "report_runs" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_name_key" ON "reports" USING btree ("customer_id",lower("name"));--> statement-breakpoint
CREATE INDEX "reports_type_name_idx" ON "reports" USING btree ("customer_id","report_type","name");--> statement-breakpoint
CREATE INDEX "reports_next_run_idx" ON "reports" USING btree ("next_run_at") WHERE "reports"."next_run_at" is not null;--> statement-breakpoint
-- Tenant isolation from the first migration (docs/architecture.md), worded as 0018 words it.
ALTER TABLE "reports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reports" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "reports" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "reports" TO tagtrack_system USING (true) WITH CHECK (true);--> statement-breakpoint
ALTER TABLE "report_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "report_runs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY tenant_isolation ON "report_runs" TO tagtrack_app
  USING (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint))
  WITH CHECK (customer_id = (SELECT nullif(current_setting('app.customer_id', true), '')::bigint));--> statement-breakpoint
CREATE POLICY privileged_access ON "report_runs" TO tagtrack_system USING (true) WITH CHECK (true);
