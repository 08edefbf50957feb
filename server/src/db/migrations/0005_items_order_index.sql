DROP INDEX "items_removed_latest_idx";--> statement-breakpoint
CREATE INDEX "items_removed_latest_idx" ON "items" USING btree ("customer_id","removed","latest_status_update","id");