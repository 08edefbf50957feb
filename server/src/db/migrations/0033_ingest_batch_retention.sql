-- Housekeeping deletes each customer's read batches past INGEST_BATCH_RETENTION_DAYS through this index.
CREATE INDEX "ingest_batches_received_idx" ON "ingest_batches" USING btree ("customer_id","received_at");
