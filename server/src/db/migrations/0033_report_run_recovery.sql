ALTER TABLE "report_runs" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "report_runs" ADD COLUMN "interruptions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "report_runs_job_key" ON "report_runs" USING btree ("customer_id","report_id","job_id");--> statement-breakpoint
CREATE INDEX "report_runs_running_idx" ON "report_runs" USING btree ("heartbeat_at") WHERE "report_runs"."status" = 'running';