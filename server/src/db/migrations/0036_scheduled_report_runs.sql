ALTER TABLE "mail_outbox" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "schedule_time_zone" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "recipients" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_job_key" ON "report_runs" USING btree ("customer_id","report_id","job_id");--> statement-breakpoint
CREATE INDEX "report_runs_running_idx" ON "report_runs" USING btree ("heartbeat_at") WHERE "report_runs"."status" = 'running';--> statement-breakpoint
-- A schedule saved by the console was converted to UTC in the zone it kept beside the report's dates.
UPDATE "reports" SET "schedule_time_zone" = "report_json"->>'time_zone' WHERE "report_type" = 'inventory' AND "report_json"->>'time_zone' IS NOT NULL;
