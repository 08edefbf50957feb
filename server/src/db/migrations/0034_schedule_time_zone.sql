ALTER TABLE "reports" ADD COLUMN "schedule_time_zone" text;--> statement-breakpoint
-- A schedule saved by the console was converted to UTC in the zone it kept beside the report's dates.
UPDATE "reports" SET "schedule_time_zone" = "report_json"->>'time_zone' WHERE "report_type" = 'inventory' AND "report_json"->>'time_zone' IS NOT NULL;
