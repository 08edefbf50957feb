ALTER TABLE "mail_outbox" ADD COLUMN "attachment_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "recipients" jsonb DEFAULT '[]'::jsonb NOT NULL;